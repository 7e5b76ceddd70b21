import { useMutation } from '@tanstack/react-query';
import type { BackInStockAccepted } from '@km/contracts';
import { apiRequest } from '@/lib/api-client';

/** "Email me when it's back" (ADR 0050): the same answer whether or not the address was already waiting. */
export async function askBackInStock(input: { productId: string; email: string }): Promise<BackInStockAccepted> {
  const res = await apiRequest('POST', `/api/products/${encodeURIComponent(input.productId)}/back-in-stock`, { email: input.email });
  return (await res.json()) as BackInStockAccepted;
}

export const useAskBackInStock = () => useMutation({ mutationFn: askBackInStock });
