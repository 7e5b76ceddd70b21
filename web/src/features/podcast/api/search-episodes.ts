import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api-client';
import { EPISODE_SEARCH_PATH, EPISODES_PATH, type EpisodeSearchResult } from '../podcast';

/** The words go as typed; a stale search is cancelled when the next one starts. */
export async function searchEpisodes(q: string, signal?: AbortSignal): Promise<EpisodeSearchResult> {
  const res = await fetch(`${EPISODE_SEARCH_PATH}?q=${encodeURIComponent(q)}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as EpisodeSearchResult;
}

/** One search (ADR 0053); while the next words load, the last results stay on screen. */
export const episodeSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [EPISODES_PATH, 'search', q],
    queryFn: ({ signal }) => searchEpisodes(q, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useEpisodeSearch = (q: string) => useQuery(episodeSearchQueryOptions(q));
