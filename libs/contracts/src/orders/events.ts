/** Domain events of the orders service; each carries ids and the few values a consumer needs. */
export const OrdersEvents = {
  /** An order was created for a payment intent (usually before the payment is confirmed). */
  placed: 'orders.order.placed',
  /** Stripe reported the order's payment as succeeded. Sent once per order. */
  paid: 'orders.order.paid',
  /** Stripe reported a failed payment attempt on an order that was not paid. */
  paymentFailed: 'orders.order.payment-failed',
  /**
   * Stripe reported a successful payment whose amount, currency or cart differs from the order: the order went to
   * `payment_review` instead of `paid`. Sent once per order.
   */
  paymentReview: 'orders.order.payment-review',
  /**
   * Stripe refunded (part of) a paid order's charge. One event per increase of the refunded sum: a redelivered or
   * older `charge.refunded` (its `amount_refunded` no larger than what is recorded) sends nothing.
   */
  refunded: 'orders.order.refunded',
  /**
   * Units of a paid order go back on the shelf: an admin restocked refunded lines, or cancelled a paid order. The
   * catalog adds them back once per event (ADR 0032).
   */
  restocked: 'orders.order.restocked',
  /** Staff shipped some of an order's lines (one event per shipment); the buyer is mailed the tracking details. */
  fulfilled: 'orders.order.fulfilled',
  /** The order was cancelled: by staff, or because its payment was abandoned (ADR 0034). Sent once per order. */
  cancelled: 'orders.order.cancelled',
} as const;

export interface OrderPlacedEvent {
  orderId: string;
  orderNumber: string;
  email: string;
  /** Two-decimal string, e.g. "59.38". */
  total: string;
}

export interface OrderPaidEvent {
  orderId: string;
  orderNumber: string;
  /** The payment intent whose stock reservation the sale commits (ADR 0032). */
  paymentIntentId: string;
  email: string;
  /** Two-decimal string, e.g. "59.38". */
  total: string;
  /** The Marketshare member who bought, with the discount they got (two decimals); both absent for other buyers. */
  memberId?: string;
  memberDiscount?: string;
}

export interface OrderPaymentFailedEvent {
  orderId: string;
  orderNumber: string;
}

export interface OrderPaymentReviewEvent {
  orderId: string;
  orderNumber: string;
  /** Money was taken: the reservation of this intent is kept as sold until staff decide (ADR 0032). */
  paymentIntentId: string;
  /** The order's total, two decimals. */
  total: string;
  /** What Stripe received, two decimals, in `currency`. */
  amountReceived: string;
  currency: string;
  /** Why the payment does not match the order, for the staff alert. */
  reasons: string[];
}

export interface OrderRefundedEvent {
  orderId: string;
  orderNumber: string;
  /** What this refund gave back, two decimals ("12.50"). */
  amount: string;
  /** Everything refunded on the order so far, two decimals; it only grows, so (orderId, refundedTotal) names a refund. */
  refundedTotal: string;
  /** When Stripe refunded it (the event's creation time), ISO 8601. */
  refundedAt: string;
}

export interface OrderRestockedEvent {
  orderId: string;
  orderNumber: string;
  lines: { productId: string; quantity: number }[];
  reason: 'refund' | 'cancel';
}

export interface OrderFulfilledEvent {
  orderId: string;
  orderNumber: string;
  fulfilmentId: string;
}

export interface OrderCancelledEvent {
  orderId: string;
  orderNumber: string;
  /** Why: staff's words, or "abandoned" when an unpaid order's payment was given up. */
  reason: string | null;
  /** The order had been paid (and is refunded in full). */
  wasPaid: boolean;
}

/** What each orders event carries; `recordEvent` and `EventConsumer` read their types from here. */
export interface OrdersEventMap {
  [OrdersEvents.placed]: OrderPlacedEvent;
  [OrdersEvents.paid]: OrderPaidEvent;
  [OrdersEvents.paymentFailed]: OrderPaymentFailedEvent;
  [OrdersEvents.paymentReview]: OrderPaymentReviewEvent;
  [OrdersEvents.refunded]: OrderRefundedEvent;
  [OrdersEvents.restocked]: OrderRestockedEvent;
  [OrdersEvents.fulfilled]: OrderFulfilledEvent;
  [OrdersEvents.cancelled]: OrderCancelledEvent;
}
