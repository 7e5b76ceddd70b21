import type { OrderLookup } from '@km/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { viewOrderQueryOptions } from './view-order';

/** The lookup form: number and email in the body, so the email stays out of addresses and logs (ADR 0036). */
export async function lookupOrder(request: { orderNumber: string; email: string }): Promise<OrderLookup> {
  const res = await apiRequest('POST', '/api/order-lookups', request);
  return (await res.json()) as OrderLookup;
}

/** Looks the order up and keeps it as the answer for its link's key, so the status page shows it without asking again. */
export function useLookupOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: lookupOrder,
    onSuccess: ({ order, key }) => client.setQueryData(viewOrderQueryOptions(order.orderNumber, key).queryKey, order),
  });
}
