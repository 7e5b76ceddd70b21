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
    /** Links in emails (the order's status page) point there. */
    PUBLIC_ORIGIN: z.url('PUBLIC_ORIGIN must be the site address, e.g. https://kingdommarketplace.example').optional(),
    /** Keys the signed links to order status pages (ADR 0036); changing it voids every link already mailed. */
    ORDER_LINK_SECRET: z
      .string()
      .min(32, 'ORDER_LINK_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)')
      .default('order-link-secret-dev-only-0123456789abcdef'),
    /** An unpaid order is cancelled, and its payment intent at Stripe, this long after it was placed (ADR 0034). */
    ABANDONED_ORDER_CANCEL_AFTER_MS: z.coerce
      .number()
      .int()
      .min(1000, 'ABANDONED_ORDER_CANCEL_AFTER_MS must be at least 1000')
      .default(24 * 3600 * 1000),
    /** How often each replica looks for abandoned orders (a guarded sweep: a replica that loses the race changes nothing). */
    ABANDONED_ORDER_SWEEP_MS: z.coerce.number().int().min(100, 'ABANDONED_ORDER_SWEEP_MS must be at least 100').default(60_000),
    /** A refund still pending this long (a crash between Stripe and its row) is asked of Stripe again, same key (ADR 0035). */
    REFUND_RETRY_AFTER_MS: z.coerce.number().int().min(0).default(15_000),
    REFUND_RETRY_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  })
  .superRefine((env, ctx) => {
    // The local stack's keys (sk_test_local, whsec_local_dev_secret) are among the kit's development values.
    refuseInProduction(env, ctx, {
      ...baseProductionRules,
      ...mailProductionRules,
      DATABASE_URL: 'url',
      ...stripeProductionRules,
      ORDER_LINK_SECRET: 'secret',
      // Links in emails (their header and footer, ADR 0030; an order's status page, ADR 0036) must point at the real site.
      PUBLIC_ORIGIN: 'required',
    });
    refuseStripeEmulatorInProduction(env, ctx);
  })
  .transform((env) => ({
    ...baseServiceConfig(env),
    databaseUrl: env.DATABASE_URL,
    stripe: stripeSettingsFromEnv(env),
    mail: mailSettingsFromEnv(env),
    staffAlertEmail: env.STAFF_ALERT_EMAIL,
    publicOrigin: new URL(env.PUBLIC_ORIGIN ?? 'http://localhost:3000').origin,
    /** Signed links to an order's status page (orders/order-links.ts, ADR 0036). */
    orderLinks: { origin: new URL(env.PUBLIC_ORIGIN ?? 'http://localhost:3000').origin, secret: env.ORDER_LINK_SECRET },
    abandonedOrderCancelAfterMs: env.ABANDONED_ORDER_CANCEL_AFTER_MS,
    abandonedOrderSweepMs: env.ABANDONED_ORDER_SWEEP_MS,
    refundRetryAfterMs: env.REFUND_RETRY_AFTER_MS,
    refundRetryIntervalMs: env.REFUND_RETRY_INTERVAL_MS,
  }));

export type OrdersConfig = z.infer<typeof ordersConfigSchema>;

export const loadOrdersConfig = (env: Record<string, string | undefined> = process.env): OrdersConfig => loadConfig(ordersConfigSchema, env);
