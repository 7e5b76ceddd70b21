import type { OrderSummary } from '@km/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api-client';
import { pagedListQueryOptions, type Page } from '@/lib/paged-list';
import { MEMBER_PAGE_SIZE } from './member-page-size';

export const MEMBER_ORDERS_PATH = '/api/member/orders';

/** The member's own orders, newest first (ADR 0037): one page, with the whole count. */
export async function getMemberOrders(page: number, signal?: AbortSignal): Promise<Page<OrderSummary>> {
  const res = await fetch(`${MEMBER_ORDERS_PATH}?page=${page}&pageSize=${MEMBER_PAGE_SIZE}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as Page<OrderSummary>;
}
export const memberOrdersQueryOptions = () => pagedListQueryOptions(MEMBER_ORDERS_PATH, getMemberOrders);
export const useMemberOrders = () => useInfiniteQuery(memberOrdersQueryOptions());
