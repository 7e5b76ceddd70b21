import type { BuyerOrder } from '@km/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, throwIfResNotOk } from '@/lib/api-client';

/**
 * One of the signed-in member's own orders (ADR 0037), or null when this browser is not signed in as a member or the
 * order is not theirs (401, 403, 404 alike): the page then offers the lookup form.
 */
export async function getMemberOrder(orderNumber: string, signal?: AbortSignal): Promise<BuyerOrder | null> {
  const res = await fetch(`/api/member/orders/${encodeURIComponent(orderNumber)}`, { credentials: 'include', signal });
  if (res.status === 401 || res.status === 403 || res.status === 404) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as BuyerOrder;
}

export const memberOrderQueryOptions = (orderNumber: string) =>
  queryOptions({
    queryKey: ['/api/member/orders', orderNumber] as const,
    queryFn: ({ signal }) => getMemberOrder(orderNumber, signal),
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
  });

export const useMemberOrder = (orderNumber: string, enabled: boolean) => useQuery({ ...memberOrderQueryOptions(orderNumber), enabled });
