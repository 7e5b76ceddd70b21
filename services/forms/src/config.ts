import { baseProductionRules, baseServiceConfig, baseServiceEnv, ianaTimeZone, loadConfig, refuseInProduction } from '@km/nest-kit';
import { workerFlag } from '@km/nest-kit/jobs';
import { mailEnv, mailProductionRules, mailSettingsFromEnv } from '@km/nest-kit/mail';
import { z } from 'zod';

export const formsConfigSchema = z
  .object({
    ...baseServiceEnv,
    ...mailEnv,
    DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://…/forms)'),
    PUBLIC_ORIGIN: z.url('PUBLIC_ORIGIN must be the site address, e.g. https://kingdommarketplace.example').optional(),
    STAFF_ADMIN_EMAIL: z.email('STAFF_ADMIN_EMAIL must be an email address').default('admin@kingdommarketplace.example'),
    STAFF_PUBLISHING_EMAIL: z.email('STAFF_PUBLISHING_EMAIL must be an email address').default('publishing@kingdommarketplace.example'),
    /** How long a prayer request stays open unless its author renews it (ADR 0042). */
    PRAYER_EXPIRY_DAYS: z.coerce.number().int().min(1, 'PRAYER_EXPIRY_DAYS must be at least 1').max(365, 'PRAYER_EXPIRY_DAYS must be at most 365').default(30),
    /** When the requesters' digest run fires (cron, in PRAYER_DIGEST_TIME_ZONE); a requester gets at most one a day whatever it says. */
    PRAYER_DIGEST_SCHEDULE: z.string().trim().min(9, 'PRAYER_DIGEST_SCHEDULE must be a cron pattern, e.g. "0 8 * * *"').default('0 8 * * *'),
    PRAYER_DIGEST_TIME_ZONE: ianaTimeZone('PRAYER_DIGEST_TIME_ZONE').default('UTC'),
    /** Whether this process works the digest queue (every replica may: each digest is decided in the database). */
    PRAYER_DIGEST_WORKER: workerFlag,
    /** Keys the newsletter's confirmation links (ADR 0055); changing it voids every confirmation link already mailed. */
    NEWSLETTER_LINK_SECRET: z
      .string()
      .min(32, 'NEWSLETTER_LINK_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)')
      .default('newsletter-link-secret-dev-only-0123456789abcdef'),
    /** How long a confirmation link works (ADR 0055). */
    NEWSLETTER_CONFIRM_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1, 'NEWSLETTER_CONFIRM_TTL_HOURS must be at least 1')
      .max(24 * 30, 'NEWSLETTER_CONFIRM_TTL_HOURS must be at most 720')
      .default(7 * 24),
    /** Campaign sending (ADR 0057): how many recipients each batch queues, and how often a batch runs (the rate). */
    NEWSLETTER_BATCH_SIZE: z.coerce
      .number()
      .int()
      .min(1, 'NEWSLETTER_BATCH_SIZE must be at least 1')
      .max(5000, 'NEWSLETTER_BATCH_SIZE must be at most 5000')
      .default(100),
    NEWSLETTER_BATCH_INTERVAL_MS: z.coerce.number().int().min(100, 'NEWSLETTER_BATCH_INTERVAL_MS must be at least 100').default(1000),
    /** Attempts per campaign email before it is recorded as failed (retried with the mail queue's backoff). */
    NEWSLETTER_MAIL_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    /** A claimed recipient whose email the mail queue does not know after this long is queued again (same key). */
    NEWSLETTER_REQUEUE_AFTER_MS: z.coerce.number().int().min(1000).default(30_000),
    /** Whether this process works the campaign queue (every replica may: each recipient is claimed in the database). */
    NEWSLETTER_WORKER: workerFlag,
  })
  .superRefine((env, ctx) => {
    refuseInProduction(env, ctx, { ...baseProductionRules, ...mailProductionRules, DATABASE_URL: 'url', NEWSLETTER_LINK_SECRET: 'secret' });
    // Links in emails (unsubscribe, manuscript downloads) must point at the real site.
    if (env.NODE_ENV === 'production' && !env.PUBLIC_ORIGIN) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'PUBLIC_ORIGIN is required in production (links in emails point there)' });
    }
  })
  .transform((env) => ({
    ...baseServiceConfig(env),
    databaseUrl: env.DATABASE_URL,
    publicOrigin: new URL(env.PUBLIC_ORIGIN ?? 'http://localhost:3000').origin,
    mail: mailSettingsFromEnv(env),
    staff: { admin: env.STAFF_ADMIN_EMAIL, publishing: env.STAFF_PUBLISHING_EMAIL },
    prayer: {
      expiryDays: env.PRAYER_EXPIRY_DAYS,
      digestSchedule: env.PRAYER_DIGEST_SCHEDULE,
      digestTimeZone: env.PRAYER_DIGEST_TIME_ZONE,
      digestWorker: env.PRAYER_DIGEST_WORKER,
    },
    newsletter: {
      linkSecret: env.NEWSLETTER_LINK_SECRET,
      confirmTtlMs: env.NEWSLETTER_CONFIRM_TTL_HOURS * 3600_000,
      batchSize: env.NEWSLETTER_BATCH_SIZE,
      batchIntervalMs: env.NEWSLETTER_BATCH_INTERVAL_MS,
      mailAttempts: env.NEWSLETTER_MAIL_ATTEMPTS,
      requeueAfterMs: env.NEWSLETTER_REQUEUE_AFTER_MS,
      worker: env.NEWSLETTER_WORKER,
    },
  }));

export type FormsConfig = z.infer<typeof formsConfigSchema>;

export const loadFormsConfig = (env: Record<string, string | undefined> = process.env): FormsConfig => loadConfig(formsConfigSchema, env);
