import type { BadgeVariant } from '@/components/ui/badge';

// Mirrors @km/contracts orders/types.ts and schemas.ts (a Node-side package the browser bundle does not pull in).
// Every amount is a two-decimal string such as "19.99".

export const ORDER_STATUSES = ['pending_payment', 'paid', 'payment_failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** `KM-` + 8 Crockford base32 characters (ARCHITECTURE §10). */
export const ORDER_NUMBER_PATTERN = /^KM-[0-9A-HJKMNP-TV-Z]{8}$/;

export interface Totals {
  subtotal: string;
  tax: string;
  /** "0.00" when the subtotal is over 50.00. */
  shipping: string;
  total: string;
}

/** One cart line as the server priced it. */
export interface PricedLine {
  productId: string;
  productName: string;
  productPrice: string;
  quantity: number;
  subtotal: string;
}

/** POST /api/create-payment-intent */
export interface PaymentIntentRequest {
  checkoutId: string;
  items: { productId: string; quantity: number }[];
  /** The client's total (spec §7); the server ignores it and prices the cart itself. */
  amount: number;
  email?: string;
}

export interface PaymentIntentQuote extends Totals {
  clientSecret: string;
  paymentIntentId: string;
  items: PricedLine[];
}

/** POST /api/orders: spec §3's order payload plus the payment intent it pays with. */
export interface OrderPayload extends Totals {
  paymentIntentId: string;
  customerEmail: string;
  customerName: string;
  customerPhone: string;
  shippingAddress: string;
  billingAddress: string;
  items: PricedLine[];
}

export interface PlacedOrder extends Totals {
  orderNumber: string;
  status: OrderStatus;
}

/** GET /api/orders/:orderNumber?email= */
export interface BuyerOrder extends Totals {
  orderNumber: string;
  status: OrderStatus;
  customerName: string;
  customerEmail: string;
  shippingAddress: string;
  billingAddress: string;
  items: PricedLine[];
  createdAt: string;
  paidAt: string | null;
}

/** One row of GET /api/orders (admin). */
export interface OrderSummary {
  orderNumber: string;
  status: OrderStatus;
  customerName: string;
  customerEmail: string;
  total: string;
  itemCount: number;
  createdAt: string;
  paidAt: string | null;
}

export interface OrdersPage {
  items: OrderSummary[];
  total: number;
  page: number;
  pageSize: number;
}

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Pending payment',
  paid: 'Paid',
  payment_failed: 'Payment failed',
};

const STATUS_VARIANTS: Record<OrderStatus, BadgeVariant> = {
  pending_payment: 'secondary',
  paid: 'positive',
  payment_failed: 'alert',
};

/** "pending_payment" → "Pending payment"; a status this build does not know is shown as sent. */
export function orderStatusLabel(status: string): string {
  return STATUS_LABELS[status as OrderStatus] ?? status.replace(/_/g, ' ');
}

export function orderStatusVariant(status: string): BadgeVariant {
  return STATUS_VARIANTS[status as OrderStatus] ?? 'plain';
}
