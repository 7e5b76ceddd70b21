import { AppError, UnavailableError } from '@km/nest-kit';
import Stripe from 'stripe';
import type { MembershipConfig } from '../config';

export const STRIPE = Symbol('STRIPE');

/** Marks the customers and subscriptions this service creates, so events and ids of other payments are refused. */
export const SOURCE_KEY = 'km_source';
export const SOURCE = 'membership';

/**
 * The signup form, kept on the subscription's metadata by the payment step, so a paid join the browser never finished
 * can be finished from Stripe alone (JoinCompletionQueue). The email is the customer's.
 */
export const SIGNUP_METADATA = { firstName: 'km_first_name', lastName: 'km_last_name', phone: 'km_phone', referralCode: 'km_referral_code' } as const;

/** The official SDK; host, port and protocol only for the local emulator. Retries are safe: every write has an idempotency key. */
export function createStripeClient(config: MembershipConfig['stripe']): Stripe {
  return new Stripe(config.secretKey, {
    ...(config.host ? { host: config.host } : {}),
    ...(config.port ? { port: config.port } : {}),
    ...(config.protocol ? { protocol: config.protocol } : {}),
    maxNetworkRetries: 2,
    timeout: config.timeoutMs,
    appInfo: { name: 'kingdom-marketplace-membership' },
  });
}

/** Stripe unreachable or failing is "try again" (503); a refusal we did not expect is our fault (500). */
export function stripeFailure(error: unknown): unknown {
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return new UnavailableError('Payments are temporarily unavailable. Please try again in a moment.');
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new AppError('internal', 'The payment provider refused the request. Please try again, or contact us if it keeps happening.');
  }
  return error;
}

/** Stripe events that take back a first membership payment, and with it the commission it earned (ADR 0016). */
export const REVERSAL_EVENTS = new Set(['charge.refunded', 'charge.dispute.created']);
