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
  })
  .superRefine((env, ctx) => {
    refuseInProduction(env, ctx, { ...baseProductionRules, ...mailProductionRules, DATABASE_URL: 'url' });
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
  }));

export type FormsConfig = z.infer<typeof formsConfigSchema>;

export const loadFormsConfig = (env: Record<string, string | undefined> = process.env): FormsConfig => loadConfig(formsConfigSchema, env);
