import type { BadgeVariant } from '@/components/ui/badge';
import type { OrderStatus, PlacedOrderResponse, PricedLine, Totals } from '@km/contracts';
import { ORDER_STATUS_LABELS } from '@km/contracts/vocabulary';

// The API's answers come from the shared contracts (types only: nothing of it reaches the bundle).
// Every amount is a two-decimal string such as "19.99".
export type { BuyerOrder, OrderStatus, OrderSummary, OrdersPage, PaymentIntentQuote, PricedLine, Totals } from '@km/contracts';
/** Answer of POST /api/orders. */
export type PlacedOrder = PlacedOrderResponse;

export { ORDER_STATUSES } from '@km/contracts/vocabulary';

/** `KM-` + 8 Crockford base32 characters (ARCHITECTURE §10). */
export const ORDER_NUMBER_PATTERN = /^KM-[0-9A-HJKMNP-TV-Z]{8}$/;

export interface PaymentIntentRequest {
  checkoutId: string;
  items: { productId: string; quantity: number }[];
  /** The client's total (spec §7); the server ignores it and prices the cart itself. */
  amount: number;
  email?: string;
}

export interface OrderPayload extends Totals {
  paymentIntentId: string;
  customerEmail: string;
  customerName: string;
  customerPhone: string;
  shippingAddress: string;
  billingAddress: string;
  items: PricedLine[];
}

const STATUS_VARIANTS: Record<OrderStatus, BadgeVariant> = {
  pending_payment: 'secondary',
  paid: 'positive',
  payment_failed: 'alert',
  payment_review: 'alert',
};

/** "pending_payment" → "Pending payment"; a status this build does not know is shown as sent. */
export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status.replace(/_/g, ' ');
}

export function orderStatusVariant(status: string): BadgeVariant {
  return STATUS_VARIANTS[status as OrderStatus] ?? 'plain';
}
