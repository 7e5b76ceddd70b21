import type { OrderStatus } from '@km/contracts';
import { formatCents } from '../pricing/money';

/** What Stripe told us about a payment attempt. */
export type PaymentSignal = 'succeeded' | 'failed';

export const PAYMENT_SIGNALS: Record<string, PaymentSignal> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
};

/** What a payment that Stripe reports as succeeded took: cents, currency, and the cart its intent was made for. */
export interface ReceivedPayment {
  amountCents: number;
  currency: string;
  cartFingerprint: string | null;
}

/** The part of an order a payment must match. */
export interface PayableOrder {
  totalCents: number;
  /** Null on orders made before fingerprints were kept: those are matched on amount and currency. */
  cartFingerprint: string | null;
}

/** A signal as it applies to one order: a success that does not match the order is not a payment of it. */
export type PaymentOutcome = 'succeeded' | 'mismatched' | 'failed';

/** Why a succeeded payment does not pay this order (for the staff alert); empty when it pays it exactly. */
export function paymentMismatches(order: PayableOrder, received: ReceivedPayment): string[] {
  const reasons: string[] = [];
  if (received.currency !== 'usd') reasons.push(`Stripe received ${received.currency.toUpperCase()}, not USD`);
  if (received.amountCents !== order.totalCents) {
    reasons.push(`Stripe received ${formatCents(received.amountCents)} but the order total is ${formatCents(order.totalCents)}`);
  }
  if (order.cartFingerprint !== null && received.cartFingerprint !== order.cartFingerprint) {
    reasons.push('the payment intent was last priced for a different cart than this order');
  }
  return reasons;
}

export function outcomeOf(signal: PaymentSignal, order: PayableOrder, received: ReceivedPayment | null): PaymentOutcome {
  if (signal === 'failed') return 'failed';
  return received && paymentMismatches(order, received).length === 0 ? 'succeeded' : 'mismatched';
}

/** The statuses a payment report may still change; every later one (paid, refunded, cancelled, review) is final for it. */
const UNPAID: OrderStatus[] = ['pending_payment', 'payment_failed'];

/**
 * The status after an outcome. Paid and payment_review are final: Stripe delivers events in no guaranteed order, so
 * a failed attempt reported after the success must never take a paid order back, and an order whose payment did not
 * match stays with staff until they act. A cancelled order's intent was cancelled at Stripe first (ADR 0034), so no
 * payment can follow it.
 */
export function nextStatus(current: OrderStatus, outcome: PaymentOutcome): OrderStatus {
  if (!UNPAID.includes(current)) return current;
  if (outcome === 'succeeded') return 'paid';
  if (outcome === 'mismatched') return 'payment_review';
  return 'payment_failed';
}

/** The status of a new order whose payment intent already had events (the buyer paid before the order was created). */
export const initialStatus = (outcomes: PaymentOutcome[]): OrderStatus => outcomes.reduce<OrderStatus>(nextStatus, 'pending_payment');
