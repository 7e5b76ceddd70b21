/**
 * An order's money status (ADR 0034; how it ships is `FulfilmentStatus`, a field of its own).
 * `payment_review`: Stripe reported a successful payment whose amount, currency or cart differs from the order's;
 * the order is not paid, fulfilled or confirmed until staff look at it. `partially_refunded` and `refunded` follow what
 * Stripe refunded of the charge; `cancelled` is an order that will not be paid or shipped (refunded in full if it was
 * paid).
 */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'payment_failed', 'payment_review', 'partially_refunded', 'refunded', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Pending payment',
  paid: 'Paid',
  payment_failed: 'Payment failed',
  payment_review: 'Payment review',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/**
 * How far an order has shipped (ADR 0034): `fulfilled` once every unit of every physical line that was not refunded
 * has shipped; `not_required` for an order of services and digital items only.
 */
export const FULFILMENT_STATUSES = ['unfulfilled', 'partially_fulfilled', 'fulfilled', 'not_required'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];
export const FULFILMENT_STATUS_LABELS: Record<FulfilmentStatus, string> = {
  unfulfilled: 'Unfulfilled',
  partially_fulfilled: 'Partially fulfilled',
  fulfilled: 'Fulfilled',
  not_required: 'No shipping needed',
};

/** Carriers a shipment may name, with the page that tracks a number; `other` takes an optional URL of its own. */
export const CARRIERS = ['usps', 'ups', 'fedex', 'dhl', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const CARRIER_LABELS: Record<Carrier, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx', dhl: 'DHL', other: 'Other' };
/** `{number}` is replaced by the URL-encoded tracking number. */
export const CARRIER_TRACKING_URLS: Record<Exclude<Carrier, 'other'>, string> = {
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}',
  ups: 'https://www.ups.com/track?tracknum={number}',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr={number}',
  dhl: 'https://www.dhl.com/en/express/tracking.html?AWB={number}',
};

/** The page that tracks a shipment: the carrier's pattern, or for `other` the URL staff gave (null without one). */
export function trackingUrlOf(carrier: Carrier, trackingNumber: string | null, otherUrl: string | null = null): string | null {
  if (carrier === 'other') return otherUrl;
  return trackingNumber ? CARRIER_TRACKING_URLS[carrier].replace('{number}', encodeURIComponent(trackingNumber)) : null;
}
