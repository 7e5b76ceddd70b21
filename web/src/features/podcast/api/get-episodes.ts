import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { EPISODE_PAGE_SIZE, EPISODES_PATH, type EpisodePage, type EpisodeSort } from '../podcast';

export async function getEpisodePage(sort: EpisodeSort, page: number, pageSize = EPISODE_PAGE_SIZE): Promise<EpisodePage> {
  const res = await apiRequest('GET', `${EPISODES_PATH}?sort=${sort}&page=${page}&pageSize=${pageSize}`);
  return (await res.json()) as EpisodePage;
}

/** All Episodes: one page at a time, Load More Episodes fetching the next. */
export const episodesQueryOptions = (sort: EpisodeSort) =>
  infiniteQueryOptions({
    queryKey: [EPISODES_PATH, 'pages', sort],
    queryFn: ({ pageParam }) => getEpisodePage(sort, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export const useEpisodes = (sort: EpisodeSort) => useInfiniteQuery(episodesQueryOptions(sort));

/** Home's Latest Podcast: the first episode of the list (latest first), or null when there is none. */
export const latestEpisodeQueryOptions = () =>
  queryOptions({ queryKey: [EPISODES_PATH, 'latest'], queryFn: async () => (await getEpisodePage('latest', 1, 1)).items[0] ?? null });

export const useLatestEpisode = () => useQuery(latestEpisodeQueryOptions());

/** The featured video: the newest video episode (the first video in the latest-first list). */
export const featuredVideoQueryOptions = () =>
  queryOptions({
    queryKey: [EPISODES_PATH, 'featured-video'],
    queryFn: async () => (await getEpisodePage('latest', 1, 100)).items.find((e) => e.mediaType === 'video') ?? null,
  });

export const useFeaturedVideo = () => useQuery(featuredVideoQueryOptions());
