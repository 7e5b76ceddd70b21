/**
 * The closed set of error codes a service may report (ARCHITECTURE §2).
 * The gateway maps each code to one HTTP status.
 */
export const ErrorCodes = [
  'invalid',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  'rate_limited',
  'unavailable',
  'internal',
] as const;

export type ErrorCode = (typeof ErrorCodes)[number];

/**
 * Why a request conflicts with the current state, as `details.reason` of every `conflict`, so clients decide by
 * it and never by the message's words.
 * - cart_changed: prices moved since the payment intent; the details carry the new totals
 * - product_unavailable: a product is unknown or out of stock; `details.unavailable` names them
 * - payment_in_use: the payment intent already belongs to an order for another cart
 * - payment_cancelled: the payment intent was cancelled; the checkout must start a new one
 * - username_taken / email_taken: registration with a name or address someone already has
 * - episode_number_taken: another podcast episode already has that episodeNumber
 * - already_subscribed: a podcast subscription with that email exists
 * - already_member: a Marketshare signup for an email that already has an active membership
 * - subscription_used: a Marketshare join with a subscription that already made another member
 * - payment_incomplete: a Marketshare join whose first invoice is not paid yet
 * - membership_not_active: cancelling or resuming a membership that has ended
 * - signup_paid: the payment step again after the signup's first invoice was paid; `details` carry the
 *   subscriptionId and customerId to join with (so nobody pays twice)
 * - payout_not_due: an admin start of a month's payout run before that month's 15th
 * - out_of_stock: another buyer holds or bought the last units of a tracked product (ADR 0032); `details.unavailable`
 *   names each product with what is left, before the buyer pays
 * - stock_changed: an admin's stock edit would take a count below zero because units sold while the form was open
 * - refund_exceeds_remaining: a refund of more than is left to refund (details.refundable); refund_failed: Stripe
 *   refused the refund (the message says why); order_not_refundable / order_not_fulfillable / order_not_cancellable:
 *   the order's status does not allow the step; fulfilment_not_active: undoing or delivering an undone shipment
 * - in_stock / not_tracked: asking to be told when a product is back while it is in stock, or for one whose stock is
 *   not counted (ADR 0050)
 */
export const ConflictReasons = [
  'cart_changed',
  'product_unavailable',
  'payment_in_use',
  'payment_cancelled',
  'username_taken',
  'email_taken',
  'episode_number_taken',
  'already_subscribed',
  'already_member',
  'subscription_used',
  'payment_incomplete',
  'membership_not_active',
  // ADR 0028: a held commission already decided the other way; one that is not (or no longer) held.
  'commission_already_reviewed',
  'commission_not_held',
  'signup_paid',
  'payout_not_due',
  'profit_bonus_not_due',
  'member_elsewhere',
  'out_of_stock',
  'stock_changed',
  // ADR 0034, 0035: an admin's step on an order that its state does not allow, or that Stripe refused.
  'refund_exceeds_remaining',
  'refund_failed',
  'order_not_refundable',
  'order_not_fulfillable',
  'fulfilment_not_active',
  'order_not_cancellable',
  // ADR 0042: the author's change does not fit the request's state (answered, closed or taken down).
  'prayer_request_state',
  // ADR 0052: a staff change an admin tried on their own account; a change to a removed account.
  'own_account',
  'account_disabled',
  // ADR 0052: an invitation sent again to an account whose password is set, or that has no address to send it to.
  'invitation_accepted',
  'no_email',
  // ADR 0050: "Email me when it's back" on a product that is in stock, or whose stock is not counted.
  'in_stock',
  'not_tracked',
  // ADR 0059: the new card was declined when the unpaid invoice was retried; a card setup that did not finish.
  'card_declined',
  'card_setup_incomplete',
  // ADR 0057: an admin's step on a newsletter campaign that its status does not allow (it started, or is not scheduled).
  'campaign_state',
] as const;
export type ConflictReason = (typeof ConflictReasons)[number];

/** Every error the HTTP API answers has this body. */
export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  details?: unknown;
}
