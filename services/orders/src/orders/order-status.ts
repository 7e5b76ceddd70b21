import type { OrderStatus } from '@km/contracts';

/** What Stripe told us about a payment attempt. */
export type PaymentSignal = 'succeeded' | 'failed';

export const PAYMENT_SIGNALS: Record<string, PaymentSignal> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
};

/**
 * The status after a signal. Paid is final: Stripe delivers events in no guaranteed order, so a failed attempt reported
 * after the success (or a retry that failed before another succeeded) must never take a paid order back.
 */
export function nextStatus(current: OrderStatus, signal: PaymentSignal): 'paid' | 'payment_failed' {
  if (signal === 'succeeded' || current === 'paid') return 'paid';
  return 'payment_failed';
}

/** The status of a new order whose payment intent already had events (the buyer paid before the order was created). */
export const initialStatus = (signals: PaymentSignal[]): OrderStatus => signals.reduce<OrderStatus>(nextStatus, 'pending_payment');
