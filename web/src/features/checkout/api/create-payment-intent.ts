import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { throwIfResNotOk } from '@/lib/api-client';
import { cartSignature, shouldRequestIntent, toIntentRequest, type CartSignature, type CheckoutCartItem } from '../intent-request';
import type { PaymentIntentQuote, PaymentIntentRequest } from '../orders';

export const PAYMENT_INTENT_PATH = '/api/create-payment-intent';

export async function createPaymentIntent(body: PaymentIntentRequest, signal?: AbortSignal): Promise<PaymentIntentQuote> {
  const res = await fetch(PAYMENT_INTENT_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  await throwIfResNotOk(res);
  return (await res.json()) as PaymentIntentQuote;
}

/**
 * The server's quote and PaymentIntent for this checkout visit's cart. The same checkoutId and cart get the same
 * intent back, so asking again is safe; it is asked again whenever the cart's total, item count or lines change
 * (spec §4), and the previous quote stays on screen meanwhile. An emptied cart (after the order went through)
 * keeps the last quote rather than asking for nothing.
 */
export function usePaymentIntent(checkoutId: string, items: readonly CheckoutCartItem[]) {
  const next = cartSignature(items);
  const [requested, setRequested] = useState<CartSignature | null>(null);
  // Derived state, updated while rendering: the query key below moves only when the rule says so.
  if (shouldRequestIntent(requested, next)) setRequested(next);

  return useQuery({
    queryKey: [PAYMENT_INTENT_PATH, checkoutId, requested] as const,
    queryFn: ({ signal }) => createPaymentIntent(toIntentRequest(checkoutId, items), signal),
    enabled: requested !== null,
    placeholderData: keepPreviousData,
    // A client secret belongs to this visit; another visit makes a new checkoutId.
    gcTime: 0,
  });
}
