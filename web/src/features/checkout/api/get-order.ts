import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api-client';
import { isStillPolling, orderPollDelay } from '../order-polling';
import type { BuyerOrder } from '../orders';

export const orderPath = (orderNumber: string) => `/api/orders/${encodeURIComponent(orderNumber)}`;

/** The buyer's own order; a 404 means an unknown number or another email (the server does not say which). */
export async function getOrder(orderNumber: string, email: string, signal?: AbortSignal): Promise<BuyerOrder> {
  const res = await fetch(`${orderPath(orderNumber)}?${new URLSearchParams({ email })}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as BuyerOrder;
}

export const orderQueryOptions = (orderNumber: string, email: string) =>
  queryOptions({
    queryKey: [orderPath(orderNumber), { email }] as const,
    queryFn: ({ signal }) => getOrder(orderNumber, email, signal),
  });

/**
 * Stripe's webhook marks the order paid, usually a moment after the browser confirmed; while it is pending the
 * order is read again with backoff for about ten seconds (a deliberate exception to spec §7's "no polling").
 * `checking` is true while those reads continue.
 */
export function useOrder(order: { orderNumber: string; email: string } | null) {
  const options = orderQueryOptions(order?.orderNumber ?? '', order?.email ?? '');
  const query = useQuery({
    ...options,
    enabled: order !== null,
    // Forgotten on leaving, so a later visit polls afresh (the number of reads drives the backoff).
    gcTime: 0,
    refetchInterval: (q) => (q.state.data?.status === 'pending_payment' ? (orderPollDelay(q.state.dataUpdateCount - 1) ?? false) : false),
  });
  const client = useQueryClient();
  // dataUpdatedAt is read so that every poll renders again, even when the order came back unchanged.
  const reads = query.dataUpdatedAt ? (client.getQueryState(options.queryKey)?.dataUpdateCount ?? 0) : 0;
  return { query, checking: query.data?.status === 'pending_payment' && isStillPolling(reads) };
}
