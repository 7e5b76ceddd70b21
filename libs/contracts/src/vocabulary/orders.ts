/**
 * `payment_review`: Stripe reported a successful payment whose amount, currency or cart differs from the order's;
 * the order is not paid, fulfilled or confirmed until staff look at it.
 */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'payment_failed', 'payment_review'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Pending payment',
  paid: 'Paid',
  payment_failed: 'Payment failed',
  payment_review: 'Payment review',
};
