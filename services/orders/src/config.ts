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
  })
  .transform((env) => ({
    ...baseServiceConfig(env),
    databaseUrl: env.DATABASE_URL,
    stripe: stripeSettingsFromEnv(env),
    mail: mailSettingsFromEnv(env),
    staffAlertEmail: env.STAFF_ALERT_EMAIL,
  }));

export type OrdersConfig = z.infer<typeof ordersConfigSchema>;

export const loadOrdersConfig = (env: Record<string, string | undefined> = process.env): OrdersConfig => loadConfig(ordersConfigSchema, env);
