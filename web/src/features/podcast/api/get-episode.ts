import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { EPISODES_PATH, type PodcastEpisode } from '../podcast';

/** One episode by its number, the key of its page (ADR 0045); the API answers 404 when no episode has it. */
export async function getEpisodeByNumber(episodeNumber: number): Promise<PodcastEpisode> {
  const res = await apiRequest('GET', `${EPISODES_PATH}/by-number/${episodeNumber}`);
  return (await res.json()) as PodcastEpisode;
}

export const episodeByNumberQueryOptions = (episodeNumber: number) =>
  queryOptions({ queryKey: [EPISODES_PATH, 'by-number', episodeNumber], queryFn: () => getEpisodeByNumber(episodeNumber) });
