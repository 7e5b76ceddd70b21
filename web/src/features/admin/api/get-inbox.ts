import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api-client';
import { inboxPath, type InboxItems, type InboxKind } from '../inbox';

/** One admin list, newest first (the gateway answers the whole list as an array). */
export async function getInbox<K extends InboxKind>(kind: K, signal?: AbortSignal): Promise<InboxItems[K][]> {
  const res = await fetch(inboxPath(kind), { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as InboxItems[K][];
}

export const inboxQueryOptions = <K extends InboxKind>(kind: K) =>
  queryOptions({
    queryKey: [inboxPath(kind)] as const,
    queryFn: ({ signal }) => getInbox(kind, signal),
  });

/**
 * Admin data: fetched only once the caller knows the user is an admin (spec §6). An inbox is read again each
 * time it is shown, so new submissions appear without a reload; the cached list shows meanwhile.
 */
export const useInbox = <K extends InboxKind>(kind: K, { enabled }: { enabled: boolean }) =>
  useQuery({ ...inboxQueryOptions(kind), enabled, refetchOnMount: 'always' });
