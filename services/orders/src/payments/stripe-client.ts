import { AppError, UnavailableError } from '@km/nest-kit';
import Stripe from 'stripe';
import type { OrdersConfig } from '../config';

export const STRIPE = Symbol('STRIPE');

/** Marks the payment intents this service creates, so webhooks for other payments (memberships, …) are left alone. */
export const INTENT_SOURCE_KEY = 'km_source';
export const INTENT_SOURCE = 'orders';

/**
 * The official SDK. Host, port and protocol are set only for the local emulator. Network retries are safe:
 * every write carries an idempotency key, and the SDK resends the same one.
 */
export function createStripeClient(config: OrdersConfig['stripe']): Stripe {
  return new Stripe(config.secretKey, {
    ...(config.host ? { host: config.host } : {}),
    ...(config.port ? { port: config.port } : {}),
    ...(config.protocol ? { protocol: config.protocol } : {}),
    maxNetworkRetries: 2,
    timeout: config.timeoutMs,
    appInfo: { name: 'kingdom-marketplace-orders' },
  });
}

/** Stripe being unreachable or failing is "try again" (503) for the buyer; a refusal we did not expect is our fault (500). */
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
