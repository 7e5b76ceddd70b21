import type { BuyerOrder } from '@km/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const orderPagePath = (orderNumber: string) => `/orders/${encodeURIComponent(orderNumber)}`;

/**
 * The order its signed link names (ADR 0036). The key travels in the POST body, never in a URL the server logs; a
 * wrong key answers 404 like an unknown number.
 */
export async function viewOrder(orderNumber: string, key: string): Promise<BuyerOrder> {
  const res = await apiRequest('POST', `/api${orderPagePath(orderNumber)}/view`, { key });
  return (await res.json()) as BuyerOrder;
}

export const viewOrderQueryOptions = (orderNumber: string, key: string) =>
  queryOptions({ queryKey: ['/api/orders', orderNumber, 'view', key] as const, queryFn: () => viewOrder(orderNumber, key), retry: false });

export const useViewOrder = (orderNumber: string, key: string | null) => useQuery({ ...viewOrderQueryOptions(orderNumber, key ?? ''), enabled: key !== null });
