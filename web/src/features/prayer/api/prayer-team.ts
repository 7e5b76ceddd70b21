import type { PrayerQueuePage, TeamPrayerRequest } from '@km/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const json = async <T>(res: Promise<Response>) => (await (await res).json()) as T;

export const nextPrayerRequest = (skip: string[]) => json<{ request: TeamPrayerRequest | null }>(apiRequest('POST', '/api/prayer-team/session/next', { skip }));
export const recordTeamPrayer = (id: string, note: string) =>
  json<TeamPrayerRequest>(apiRequest('POST', `/api/prayer-team/requests/${encodeURIComponent(id)}/prayed`, { note }));

const queueKey = ['/api/prayer-team/moderation'] as const;
export const moderationQueueQueryOptions = () =>
  queryOptions({ queryKey: queueKey, queryFn: () => json<PrayerQueuePage>(apiRequest('GET', '/api/prayer-team/moderation')) });
export const useModerationQueue = () => useQuery(moderationQueueQueryOptions());

export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      json<TeamPrayerRequest>(apiRequest('POST', `/api/prayer-team/requests/${encodeURIComponent(id)}/moderation`, { decision })),
    onSuccess: () => client.invalidateQueries({ queryKey: queueKey }),
  });
}
