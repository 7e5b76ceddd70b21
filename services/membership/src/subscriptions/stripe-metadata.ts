/** Marks the customers and subscriptions this service creates, so events and ids of other payments are refused. */
export const SOURCE_KEY = 'km_source';
export const SOURCE = 'membership';

/**
 * The signup form, kept on the subscription's metadata by the payment step, so a paid join the browser never finished
 * can be finished from Stripe alone (JoinCompletionQueue). The email is the customer's.
 */
export const SIGNUP_METADATA = { firstName: 'km_first_name', lastName: 'km_last_name', phone: 'km_phone', referralCode: 'km_referral_code' } as const;

/** Stripe events that take back a first membership payment, and with it the commission it earned (ADR 0016). */
export const REVERSAL_EVENTS = new Set(['charge.refunded', 'charge.dispute.created']);
