import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PodcastAnalyticsReport } from '@km/contracts/media';
import { throwIfResNotOk } from '@/lib/api-client';
import type { AnalyticsRange } from '../podcast-analytics';

export const PODCAST_ANALYTICS_PATH = '/api/admin/podcast-analytics';

const search = ({ from, to, episodeId }: AnalyticsRange) => new URLSearchParams({ from, to, ...(episodeId ? { episodeId } : {}) }).toString();

/** The range as CSV: one line per episode and UTC day with a count (ADR 0071). */
export const podcastAnalyticsCsvUrl = (range: AnalyticsRange) => `${PODCAST_ANALYTICS_PATH}.csv?${search(range)}`;

/** Admin only: plays and downloads per UTC day, per episode and per listening app (ADR 0071). */
export async function getPodcastAnalytics(range: AnalyticsRange, signal?: AbortSignal): Promise<PodcastAnalyticsReport> {
  const res = await fetch(`${PODCAST_ANALYTICS_PATH}?${search(range)}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as PodcastAnalyticsReport;
}

export const podcastAnalyticsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: [PODCAST_ANALYTICS_PATH, range.from, range.to, range.episodeId ?? null] as const,
    queryFn: ({ signal }) => getPodcastAnalytics(range, signal),
  });

export const usePodcastAnalytics = (range: AnalyticsRange) => useQuery({ ...podcastAnalyticsQueryOptions(range), placeholderData: keepPreviousData });
