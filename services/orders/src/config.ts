import { baseProductionRules, baseServiceConfig, baseServiceEnv, loadConfig, refuseInProduction } from '@km/nest-kit';
import { mailEnv, mailProductionRules, mailSettingsFromEnv } from '@km/nest-kit/mail';
import { refuseStripeEmulatorInProduction, stripeEnv, stripeProductionRules, stripeSettingsFromEnv } from '@km/nest-kit/stripe';
import { z } from 'zod';

export const ordersConfigSchema = z
  .object({
    ...baseServiceEnv,
    ...mailEnv,
    ...stripeEnv(),
    DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://…/orders)'),
    /** Who hears about a payment that does not match its order. */
    STAFF_ALERT_EMAIL: z.email('STAFF_ALERT_EMAIL must be an email address').default('admin@kingdommarketplace.example'),
    PUBLIC_ORIGIN: z.url('PUBLIC_ORIGIN must be the site address, e.g. https://kingdommarketplace.example').optional(),
  })
  .superRefine((env, ctx) => {
    // The local stack's keys (sk_test_local, whsec_local_dev_secret) are among the kit's development values.
    refuseInProduction(env, ctx, {
      ...baseProductionRules,
      ...mailProductionRules,
      DATABASE_URL: 'url',
      ...stripeProductionRules,
    });
    refuseStripeEmulatorInProduction(env, ctx);
    // The emails' header and footer link to the site (ADR 0030).
    if (env.NODE_ENV === 'production' && !env.PUBLIC_ORIGIN) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'PUBLIC_ORIGIN is required in production (links in emails point there)' });
    }
  })
  .transform((env) => ({
    ...baseServiceConfig(env),
    databaseUrl: env.DATABASE_URL,
    stripe: stripeSettingsFromEnv(env),
    mail: mailSettingsFromEnv(env),
    staffAlertEmail: env.STAFF_ALERT_EMAIL,
    publicOrigin: new URL(env.PUBLIC_ORIGIN ?? 'http://localhost:3000').origin,
  }));

export type OrdersConfig = z.infer<typeof ordersConfigSchema>;

export const loadOrdersConfig = (env: Record<string, string | undefined> = process.env): OrdersConfig => loadConfig(ordersConfigSchema, env);
