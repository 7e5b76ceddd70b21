import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { EPISODE_PAGE_SIZE, EPISODES_PATH, PODCAST_CONFIG_PATH, type EpisodePage, type EpisodeSort, type PodcastConfig } from '../podcast';

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

/** The podcast's run-time settings: the featured video, the feed's address and the listening apps (ADR 0046). */
export const podcastConfigQueryOptions = () =>
  queryOptions({
    queryKey: [PODCAST_CONFIG_PATH],
    queryFn: async () => (await (await apiRequest('GET', PODCAST_CONFIG_PATH)).json()) as PodcastConfig,
    staleTime: Infinity,
  });

/**
 * The featured video: the YouTube/Vimeo video the server is configured with (PODCAST_FEATURED_VIDEO_URL), else the
 * newest video episode (the first video in the latest-first list).
 */
export const featuredVideoQueryOptions = (client: QueryClient) =>
  queryOptions({
    queryKey: [EPISODES_PATH, 'featured-video'],
    queryFn: async () => {
      const config = await client.fetchQuery(podcastConfigQueryOptions());
      if (config.featuredVideoEmbedUrl) return { embedUrl: config.featuredVideoEmbedUrl } as const;
      return { episode: (await getEpisodePage('latest', 1, 100)).items.find((e) => e.mediaType === 'video') ?? null } as const;
    },
  });

export const useFeaturedVideo = () => useQuery(featuredVideoQueryOptions(useQueryClient()));
