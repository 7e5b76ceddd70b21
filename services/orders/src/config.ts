import { baseProductionRules, baseServiceConfig, baseServiceEnv, loadConfig, refuseInProduction, stripeModeEnv } from '@km/nest-kit';
import { mailEnv, mailProductionRules, mailSettingsFromEnv } from '@km/nest-kit/mail';
import { z } from 'zod';

export const ordersConfigSchema = z
  .object({
    ...baseServiceEnv,
    ...mailEnv,
    ...stripeModeEnv,
    DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://…/orders)'),
    STRIPE_SECRET_KEY: z
      .string({ error: 'STRIPE_SECRET_KEY is required (sk_test_… or sk_live_…)' })
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)'),
    STRIPE_WEBHOOK_SECRET: z
      .string({ error: 'STRIPE_WEBHOOK_SECRET is required (whsec_…)' })
      .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)'),
    /** Only set to talk to the local Stripe emulator; production talks to api.stripe.com. */
    STRIPE_API_HOST: z.string().min(1).optional(),
    STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
    STRIPE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** Who hears about a payment that does not match its order. */
    STAFF_ALERT_EMAIL: z.email('STAFF_ALERT_EMAIL must be an email address').default('admin@kingdommarketplace.example'),
  })
  .superRefine((env, ctx) => {
    // The local stack's keys (sk_test_local, whsec_local_dev_secret) are among the kit's development values.
    refuseInProduction(env, ctx, {
      ...baseProductionRules,
      ...mailProductionRules,
      DATABASE_URL: 'url',
      STRIPE_SECRET_KEY: 'stripe-key',
      STRIPE_WEBHOOK_SECRET: 'secret',
    });
    if (env.NODE_ENV !== 'production') return;
    if (env.STRIPE_API_HOST)
      ctx.addIssue({ code: 'custom', path: ['STRIPE_API_HOST'], message: 'STRIPE_API_HOST points at an emulator; production talks to Stripe itself' });
  })
  .transform((env) => ({
    ...baseServiceConfig(env),
    databaseUrl: env.DATABASE_URL,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      host: env.STRIPE_API_HOST,
      port: env.STRIPE_API_PORT,
      protocol: env.STRIPE_API_PROTOCOL,
      timeoutMs: env.STRIPE_TIMEOUT_MS,
    },
    mail: mailSettingsFromEnv(env),
    staffAlertEmail: env.STAFF_ALERT_EMAIL,
  }));

export type OrdersConfig = z.infer<typeof ordersConfigSchema>;

export const loadOrdersConfig = (env: Record<string, string | undefined> = process.env): OrdersConfig => loadConfig(ordersConfigSchema, env);
