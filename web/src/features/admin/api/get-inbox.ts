import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPage } from '@/lib/paged-list';
import { inboxPath, type InboxItems, type InboxKind } from '../inbox';

/** Submissions per page; the gateway allows at most 25 (one NATS reply of the longest submissions). */
export const INBOX_PAGE_SIZE = 25;

export interface InboxPage<K extends InboxKind> {
  items: InboxItems[K][];
  /** Every submission of the kind, from X-Total-Count. */
  total: number;
}

/** One page of an admin list, newest first; the gateway answers the page as an array and the count in a header. */
export const getInbox = <K extends InboxKind>(kind: K, page: number, signal?: AbortSignal): Promise<InboxPage<K>> =>
  getPage<InboxItems[K]>(inboxPath(kind), page, INBOX_PAGE_SIZE, signal);

// The list path stays the key's first part, so invalidating [inboxPath(kind)] refreshes every page of it.
export const inboxQueryOptions = <K extends InboxKind>(kind: K, page: number) =>
  queryOptions({
    queryKey: [inboxPath(kind), { page }] as const,
    queryFn: ({ signal }) => getInbox(kind, page, signal),
  });

/**
 * Admin data: fetched only once the caller knows the user is an admin (spec §6). An inbox is read again each
 * time it is shown, so new submissions appear without a reload; the cached page (or the previous one, while the
 * next loads) shows meanwhile.
 */
export const useInbox = <K extends InboxKind>(kind: K, page: number, { enabled }: { enabled: boolean }) =>
  useQuery({ ...inboxQueryOptions(kind, page), enabled, refetchOnMount: 'always', placeholderData: keepPreviousData });
