import type { Carrier, FulfilmentStatus, OrderStatus } from '../vocabulary/orders';

/**
 * Checkout and orders over HTTP (the gateway's routes; every amount is a two-decimal string such as "19.99").
 *
 * POST /api/create-payment-intent
 *   body     { checkoutId: uuid, items: [{ productId, quantity 1–99 }], amount?: number, email?: string }
 *            checkoutId: made once per checkout in the browser (crypto.randomUUID()); the same checkoutId and
 *            the same priced cart get the same PaymentIntent back, so retries never create a second one.
 *            amount: spec §7's client total; ignored, the server prices the cart from the catalog.
 *   200      PaymentIntentQuote
 *   400      a field is wrong (message names it) · 409 a product is unknown or out of stock (message names it)
 *   429      too many checkout requests from this address · 503 catalog or payments unavailable, try again
 *
 * POST /api/orders
 *   body     spec §3's order payload + paymentIntentId (see CreateOrderRequest). Client totals and prices are
 *            only checked for shape; the order is priced from the catalog.
 *   201      PlacedOrderResponse: the order was created (status pending_payment, or paid when Stripe already said so)
 *   200      PlacedOrderResponse: this paymentIntentId already has an order; the same one is returned
 *   400      a field is wrong, or paymentIntentId is not a payment this shop started
 *   409      a product is unknown or out of stock; or "Your cart changed; please review the total and try again."
 *            (details: the new Totals; the payment intent now carries the new total, so re-submitting the order
 *            with the same paymentIntentId succeeds); or the payment intent already has an order for another cart
 *            (details.reason "payment_in_use"; the intent is left untouched)
 *
 * GET /api/orders/:orderNumber?email=   → 200 BuyerOrder · 404 (unknown number and wrong email look the same) · 429
 * POST /api/order-lookups {orderNumber, email} → 200 OrderLookup · 404 as above · 429 too many lookups from this address
 * POST /api/orders/:orderNumber/view {key}     → 200 BuyerOrder · 404 (a wrong key looks like an unknown number)
 * GET /api/member/orders?page&pageSize  → 200 OrdersPage (the signed-in member's, newest first) · 401 · 403 not a member
 * GET /api/member/orders/:orderNumber   → 200 BuyerOrder · 404 (not the member's order looks like an unknown one)
 * GET /api/orders?page&pageSize&status  → 200 OrdersPage (admin) · 401 signed out · 403 not an admin
 * POST /api/webhooks/stripe             → 200 {received: true} · 400 bad, stale or missing signature
 * GET /api/config/payments              → 200 PaymentsConfig
 */
export interface Totals {
  subtotal: string;
  /**
   * The 5 % member discount off the subtotal (ADR 0016); present only when a signed-in member whose subscription is
   * active checks out, so a visitor's totals look as before.
   */
  memberDiscount?: string;
  /** 8 % of the subtotal less the member discount, rounded half up to the cent. */
  tax: string;
  /** "0.00" when the subtotal less the member discount is over 50.00, else "9.99". */
  shipping: string;
  /** subtotal − memberDiscount + tax + shipping: exactly what is charged. */
  total: string;
}

/** One cart line as the server priced it. */
export interface PricedLine {
  productId: string;
  productName: string;
  /** Unit price from the catalog. */
  productPrice: string;
  quantity: number;
  /** productPrice × quantity. */
  subtotal: string;
}

/** Answer of POST /api/create-payment-intent. */
export interface PaymentIntentQuote extends Totals {
  /** For stripe.confirmPayment / <Elements options={{clientSecret}}>. */
  clientSecret: string;
  /** Send it back with POST /api/orders. */
  paymentIntentId: string;
  items: PricedLine[];
}

/** Answer of POST /api/orders. */
export interface PlacedOrderResponse extends Totals {
  orderNumber: string;
  status: OrderStatus;
}

/** What the orders service answers for createOrder; `created` decides between 201 and 200. */
export interface PlacedOrder extends PlacedOrderResponse {
  created: boolean;
}

/** A line an entry of the timeline is about (a shipment's contents). */
export interface TimelineLine {
  productId: string;
  productName: string;
  quantity: number;
}

/**
 * One step in an order's life, oldest first. `placed` and `paid` come from the order itself; the others are rows the
 * orders service writes when the step happens (table `order_timeline`). `note` is for staff only: a buyer's view never
 * carries it. Amounts are two-decimal strings.
 */
export type OrderTimelineEntry =
  | { kind: 'placed'; at: string }
  | { kind: 'paid'; at: string; amount: string }
  | { kind: 'payment_failed'; at: string }
  | {
      kind: 'fulfilled';
      at: string;
      fulfilmentId: string;
      carrier: string;
      trackingNumber: string | null;
      trackingUrl: string | null;
      lines: TimelineLine[];
    }
  | { kind: 'fulfilment_undone'; at: string; fulfilmentId: string }
  | { kind: 'delivered'; at: string; fulfilmentId: string }
  | { kind: 'refunded'; at: string; refundId: string; amount: string; refundedTotal: string; reason: string | null }
  | { kind: 'refund_failed'; at: string; refundId: string; amount: string; reason: string | null; message: string }
  | { kind: 'cancelled'; at: string; reason: string | null }
  | { kind: 'note'; at: string; text: string; author: string };
export type OrderTimelineKind = OrderTimelineEntry['kind'];
/** The entries a buyer sees: everything but staff notes. */
export type BuyerTimelineEntry = Exclude<OrderTimelineEntry, { kind: 'note' }>;

/** Answer of GET /api/orders/:orderNumber?email= */
export interface BuyerOrder extends Totals {
  orderNumber: string;
  status: OrderStatus;
  customerName: string;
  customerEmail: string;
  shippingAddress: string;
  billingAddress: string;
  items: PricedLine[];
  createdAt: string;
  /** When Stripe reported the payment; null until then. */
  paidAt: string | null;
  /** The order's steps, oldest first (no staff notes). */
  timeline: BuyerTimelineEntry[];
}

/** Answer of POST /api/order-lookups: the order, and the key of its status page's link (ADR 0036). */
export interface OrderLookup {
  order: BuyerOrder;
  key: string;
}

/** One row of the admin list (and of a member's own order history). */
export interface OrderSummary {
  orderNumber: string;
  status: OrderStatus;
  customerName: string;
  customerEmail: string;
  total: string;
  /** What Stripe reported as received ("12.34", currency in `receivedCurrency`); null until a payment succeeded. */
  amountReceived: string | null;
  receivedCurrency: string | null;
  itemCount: number;
  createdAt: string;
  paidAt: string | null;
}

/** Answer of GET /api/orders (admin), newest first. */
export interface OrdersPage {
  items: OrderSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** A line as staff see it: what was ordered, shipped and refunded of it. */
export interface AdminOrderLine extends PricedLine {
  lineId: string;
  /** False for services and digital items: nothing to ship (ADR 0034). */
  requiresShipping: boolean;
  quantityFulfilled: number;
  quantityRefunded: number;
}

/** A refund as asked of Stripe (ADR 0035): `pending` until Stripe answered or its webhook told us. */
export interface AdminRefund {
  refundId: string;
  status: 'pending' | 'succeeded' | 'failed';
  amount: string;
  reason: string;
  stripeRefundId: string | null;
  /** Why Stripe refused it, for a failed one. */
  failure: string | null;
  lines: { lineId: string; productId: string; productName: string; quantity: number; restock: boolean }[];
  createdAt: string;
  actor: string;
}

/** A shipment: its lines, carrier and tracking, and whether it arrived or was undone. */
export interface AdminFulfilment {
  fulfilmentId: string;
  status: 'shipped' | 'delivered' | 'undone';
  carrier: Carrier;
  trackingNumber: string | null;
  trackingUrl: string | null;
  lines: TimelineLine[];
  createdAt: string;
}

/** Answer of GET /api/admin/orders/:orderNumber and of every admin step on an order. */
export interface AdminOrder extends Totals {
  orderNumber: string;
  status: OrderStatus;
  fulfilmentStatus: FulfilmentStatus;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  shippingAddress: string;
  billingAddress: string;
  paymentIntentId: string;
  /** The charge Stripe made for the payment; null until known. */
  chargeId: string | null;
  card: { brand: string; last4: string } | null;
  amountReceived: string | null;
  /** What Stripe has refunded of the charge. */
  amountRefunded: string;
  /** What may still be refunded: received less refunded and refunds under way. */
  refundable: string;
  items: AdminOrderLine[];
  refunds: AdminRefund[];
  fulfilments: AdminFulfilment[];
  /** Every step, oldest first, staff notes included. */
  timeline: OrderTimelineEntry[];
  createdAt: string;
  paidAt: string | null;
}

/** What a webhook delivery did; Stripe only sees {received: true}. */
export type StripeWebhookOutcome =
  'paid' | 'payment_failed' | 'payment_review' | 'refunded' | 'refund_succeeded' | 'refund_failed' | 'unchanged' | 'recorded' | 'duplicate' | 'ignored';

export interface StripeWebhookResult {
  received: true;
  outcome: StripeWebhookOutcome;
}

/** Answer of GET /api/config/payments: what the SPA needs to load Stripe.js. */
export interface PaymentsConfig {
  publishableKey: string;
  /** Stripe.js v3 (https://js.stripe.com/v3/ in production; the emulator's /v3/ locally). */
  stripeJsUrl: string;
}
