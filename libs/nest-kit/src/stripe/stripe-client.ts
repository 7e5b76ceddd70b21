import Stripe from 'stripe';
import { AppError, UnavailableError } from '../errors/app-error';
import type { StripeSettings } from './stripe-env';

/** The Nest token of a service's Stripe client. */
export const STRIPE = Symbol('STRIPE');

/**
 * The official SDK. Host, port and protocol are set only for the local emulator. Network retries are safe: every
 * write carries an idempotency key, and the SDK resends the same one. `service` names the caller in Stripe's logs.
 */
export function createStripeClient(settings: StripeSettings, service: string): Stripe {
  return new Stripe(settings.secretKey, {
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
    maxNetworkRetries: 2,
    timeout: settings.timeoutMs,
    // No per-request latency report to Stripe (X-Stripe-Client-Telemetry): its bookkeeping ran on every request of a
    // payout run's 100,000 transfers.
    telemetry: false,
    appInfo: { name: `kingdom-marketplace-${service}` },
  });
}

/**
 * Makes an SDK call without its call-site capture. Every request of the SDK records its caller's stack
 * (`new Error().stack`, before the async boundary) to append it to a failure: in a payout run that was half of the SDK's
 * CPU per transfer (profiled: 3.3 of 6.7 s for 30,000). Bulk callers log their own context (the payout id) instead.
 * The SDK builds its request synchronously, so the limit is restored before any other code runs.
 */
export function withoutCallSite<T>(call: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return call();
  } finally {
    Error.stackTraceLimit = limit;
  }
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
