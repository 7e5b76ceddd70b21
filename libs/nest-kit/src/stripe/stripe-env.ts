import { z } from 'zod';
import type { ProductionRule } from '../config/production-secrets';
import { stripeModeEnv } from '../config/production-secrets';

/**
 * Env keys of every service that talks to Stripe; spread into the service's config schema. `endpoint` names whose
 * webhook signing secret it is, for the message when it is missing: Stripe signs each endpoint with its own.
 */
export const stripeEnv = ({ endpoint }: { endpoint?: string } = {}) => ({
  ...stripeModeEnv,
  STRIPE_SECRET_KEY: z
    .string({ error: 'STRIPE_SECRET_KEY is required (sk_test_… or sk_live_…)' })
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)'),
  STRIPE_WEBHOOK_SECRET: z
    .string({ error: `STRIPE_WEBHOOK_SECRET is required (whsec_…${endpoint ? ` of ${endpoint}` : ''})` })
    .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)'),
  /** Only set to talk to the local Stripe emulator; production talks to api.stripe.com. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  STRIPE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});

/** {@link refuseInProduction} rules for the keys of {@link stripeEnv}; the local stack's keys are development values. */
export const stripeProductionRules = { STRIPE_SECRET_KEY: 'stripe-key', STRIPE_WEBHOOK_SECRET: 'secret' } as const satisfies Record<string, ProductionRule>;

/** Production talks to Stripe itself: an emulator's host there would take no real payments. */
export function refuseStripeEmulatorInProduction(env: { NODE_ENV: string; STRIPE_API_HOST?: string }, ctx: z.RefinementCtx): void {
  if (env.NODE_ENV === 'production' && env.STRIPE_API_HOST)
    ctx.addIssue({ code: 'custom', path: ['STRIPE_API_HOST'], message: 'STRIPE_API_HOST points at an emulator; production talks to Stripe itself' });
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  timeoutMs: number;
}

export const stripeSettingsFromEnv = (env: {
  STRIPE_SECRET_KEY: string;
  STRIPE_WEBHOOK_SECRET: string;
  STRIPE_API_HOST?: string;
  STRIPE_API_PORT?: number;
  STRIPE_API_PROTOCOL?: 'http' | 'https';
  STRIPE_TIMEOUT_MS: number;
}): StripeSettings => ({
  secretKey: env.STRIPE_SECRET_KEY,
  webhookSecret: env.STRIPE_WEBHOOK_SECRET,
  host: env.STRIPE_API_HOST,
  port: env.STRIPE_API_PORT,
  protocol: env.STRIPE_API_PROTOCOL,
  timeoutMs: env.STRIPE_TIMEOUT_MS,
});
