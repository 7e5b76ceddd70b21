import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, CancelOrderRequest, FulfilOrderRequest, OrderNoteRequest, RefundOrderRequest } from '@km/contracts';
import { apiRequest, throwIfResNotOk } from '@/lib/api-client';
import { ORDERS_PATH } from './get-orders';

export const adminOrderPath = (orderNumber: string) => `/api/admin/orders/${encodeURIComponent(orderNumber)}`;

/** Admin only: one order with its lines, payment ids, refunds, shipments and whole timeline (ADR 0034, 0035). */
export async function getAdminOrder(orderNumber: string, signal?: AbortSignal): Promise<AdminOrder> {
  const res = await fetch(adminOrderPath(orderNumber), { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as AdminOrder;
}

export const adminOrderQueryOptions = (orderNumber: string) =>
  queryOptions({ queryKey: ['/api/admin/orders', orderNumber] as const, queryFn: ({ signal }) => getAdminOrder(orderNumber, signal) });

export const useAdminOrder = (orderNumber: string | null) =>
  useQuery({ ...adminOrderQueryOptions(orderNumber ?? ''), enabled: orderNumber !== null, refetchOnMount: 'always' });

type Without<T> = Omit<T, 'orderNumber'>;
/** One admin step on the order: a path under the order and its body. */
export type AdminOrderStep =
  | { kind: 'refund'; body: Without<RefundOrderRequest> }
  | { kind: 'fulfil'; body: Without<FulfilOrderRequest> }
  | { kind: 'undo' | 'delivered'; fulfilmentId: string }
  | { kind: 'cancel'; body: Without<CancelOrderRequest> }
  | { kind: 'note'; body: Without<OrderNoteRequest> };

function stepRequest(orderNumber: string, step: AdminOrderStep): [string, unknown] {
  const base = adminOrderPath(orderNumber);
  switch (step.kind) {
    case 'refund':
      return [`${base}/refunds`, step.body];
    case 'fulfil':
      return [`${base}/fulfilments`, step.body];
    case 'undo':
    case 'delivered':
      return [`${base}/fulfilments/${step.fulfilmentId}/${step.kind}`, {}];
    case 'cancel':
      return [`${base}/cancel`, step.body];
    case 'note':
      return [`${base}/notes`, step.body];
  }
}

/** Takes a step; the answer is the order as it now stands, which replaces the cached one; the list is read again. */
export function useAdminOrderStep(orderNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (step: AdminOrderStep) => {
      const [url, body] = stepRequest(orderNumber, step);
      return (await (await apiRequest('POST', url, body)).json()) as AdminOrder;
    },
    onSuccess: (order) => client.setQueryData(adminOrderQueryOptions(orderNumber).queryKey, order),
    onSettled: () => client.invalidateQueries({ queryKey: [ORDERS_PATH] }),
  });
}
