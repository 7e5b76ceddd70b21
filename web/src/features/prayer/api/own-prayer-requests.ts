import type { OwnerActionBody, OwnPrayerRequests } from '@km/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const key = (token: string) => ['/api/prayer-requests/mine', token] as const;

export async function getOwnPrayerRequests(token: string): Promise<OwnPrayerRequests> {
  const res = await apiRequest('GET', `/api/prayer-requests/mine?token=${encodeURIComponent(token)}`);
  return (await res.json()) as OwnPrayerRequests;
}

export const ownPrayerRequestsQueryOptions = (token: string) =>
  queryOptions({ queryKey: key(token), queryFn: () => getOwnPrayerRequests(token), retry: false, enabled: token !== '' });
export const useOwnPrayerRequests = (token: string) => useQuery(ownPrayerRequestsQueryOptions(token));

/** One of the author's changes (update, answered, renew, withdraw sharing, take down); the page shows the answer. */
export function useActOnOwnRequest(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: string; change: OwnerActionBody }) =>
      (await (await apiRequest('POST', `/api/prayer-requests/mine/${encodeURIComponent(id)}`, { token, ...change })).json()) as OwnPrayerRequests,
    onSuccess: (own) => client.setQueryData(key(token), own),
  });
}

export function useUnsubscribeFromDigest(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await (await apiRequest('POST', '/api/prayer-requests/mine/unsubscribe', { token })).json()) as OwnPrayerRequests,
    onSuccess: (own) => client.setQueryData(key(token), own),
  });
}
