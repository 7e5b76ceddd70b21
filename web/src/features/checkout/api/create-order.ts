import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { OrderPayload, PlacedOrder } from '../orders';

/** 201 for a new order, 200 with the same order when this payment intent already has one. */
export async function createOrder(payload: OrderPayload): Promise<PlacedOrder> {
  const res = await apiRequest('POST', '/api/orders', payload);
  return (await res.json()) as PlacedOrder;
}

export const useCreateOrder = () => useMutation({ mutationFn: createOrder });
