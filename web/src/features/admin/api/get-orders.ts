import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api-client';
import type { OrdersPage, OrderStatus } from '@km/contracts';

export const ORDERS_PATH = '/api/orders';
export const ORDERS_PAGE_SIZE = 20;

export interface OrdersQuery {
  page: number;
  pageSize: number;
  status?: OrderStatus;
}

export function ordersQueryString({ page, pageSize, status }: OrdersQuery): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (status) params.set('status', status);
  return params.toString();
}

/** Admin only: newest first. */
export async function getOrders(query: OrdersQuery, signal?: AbortSignal): Promise<OrdersPage> {
  const res = await fetch(`${ORDERS_PATH}?${ordersQueryString(query)}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as OrdersPage;
}

export const ordersQueryOptions = (query: OrdersQuery) =>
  queryOptions({
    queryKey: [ORDERS_PATH, query] as const,
    queryFn: ({ signal }) => getOrders(query, signal),
  });

/** Fetched only for admins (spec §6); read again each time the tab opens; the current page stays while the next loads. */
export const useOrders = (query: OrdersQuery, { enabled }: { enabled: boolean }) =>
  useQuery({ ...ordersQueryOptions(query), enabled, refetchOnMount: 'always', placeholderData: keepPreviousData });
