import { baseProductionRules, baseServiceConfig, baseServiceEnv, ianaTimeZone, loadConfig, refuseInProduction } from '@km/nest-kit';
import { jobsEnv, jobsProductionRules, jobsSettingsFromEnv, workerFlag } from '@km/nest-kit/jobs';
import { mailEnv, mailProductionRules, mailSettingsFromEnv } from '@km/nest-kit/mail';
import { refuseStripeEmulatorInProduction, stripeEnv, stripeProductionRules, stripeSettingsFromEnv } from '@km/nest-kit/stripe';
import { z } from 'zod';
import { reportingThresholds } from './earnings/reporting-threshold';

export const membershipConfigSchema = z
  .object({
    ...baseServiceEnv,
    ...jobsEnv,
    ...mailEnv,
    ...stripeEnv({ endpoint: 'the membership endpoint' }),
    DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://…/membership)'),
    /** The membership's recurring Price, found (or made) by this lookup key. */
    STRIPE_MEMBERSHIP_PRICE_LOOKUP_KEY: z.string().min(1).max(200).default('km_marketshare_monthly_500'),
    PUBLIC_ORIGIN: z.url('PUBLIC_ORIGIN must be the site address, e.g. https://kingdommarketplace.example').optional(),
    /** When the monthly payout run fires (cron, in PAYOUT_TIME_ZONE): 06:00 on the 15th by default. */
    PAYOUT_SCHEDULE: z
      .string()
      .regex(/^\S+ \S+ 15 \* \*$/, 'PAYOUT_SCHEDULE must be a cron pattern for the 15th of every month, e.g. "0 6 15 * *"')
      .default('0 6 15 * *'),
    /** The time zone the schedule and "the 15th" are read in (IANA name). */
    PAYOUT_TIME_ZONE: ianaTimeZone('PAYOUT_TIME_ZONE').default('America/New_York'),
    /** Members paid per transaction of a run. */
    PAYOUT_BATCH_SIZE: z.coerce.number().int().min(1).max(50_000).default(5000),
    /** The smallest payout transferred (cents, default $1): a member owed less is held and carried to the next run (ADR 0048). */
    PAYOUT_MINIMUM_CENTS: z.coerce.number().int().min(1).max(1_000_000).default(100),
    /** How many Stripe requests of a claim of payouts are in flight at once (ADR 0048, 0073). */
    PAYOUT_TRANSFER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
    /** Payouts decided, locked and written together by one statement each (a claim, ADR 0073). */
    PAYOUT_TRANSFER_CLAIM: z.coerce.number().int().min(1).max(5000).default(250),
    /** Claims worked at once by one run (each holds one database connection while its requests are at Stripe). */
    PAYOUT_TRANSFER_CLAIMS_IN_FLIGHT: z.coerce.number().int().min(1).max(16).default(3),
    /** Whether this process works the payouts queue (every replica may: runs are decided in the database). */
    PAYOUT_WORKER: workerFlag,
    /**
     * How long a worker's hold on a run's job lasts without renewal, and how often stalled jobs are looked for: a
     * worker killed mid-run has its job handed to another within about twice this (BullMQ's lockDuration/stalledInterval).
     */
    PAYOUT_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    /** When the half-yearly profit bonus run fires (cron, in PAYOUT_TIME_ZONE): 06:00 on 15 January and 15 July. */
    PROFIT_BONUS_SCHEDULE: z
      .string()
      .regex(/^\S+ \S+ 15 1,7 \*$/, 'PROFIT_BONUS_SCHEDULE must be a cron pattern for 15 January and 15 July, e.g. "0 6 15 1,7 *"')
      .default('0 6 15 1,7 *'),
    /** Whether this process works the profit-bonuses queue (every replica may, as for payouts). */
    PROFIT_BONUS_WORKER: workerFlag,
    /** The share of a half-year's paid store revenue shared out as profit bonuses, in basis points (200 = 2 %). */
    PROFIT_BONUS_SHARE_BPS: z.coerce.number().int().min(0).max(10_000).default(200),
    /**
     * How long after a paid first invoice membership waits for the browser to finish joining before it finishes the
     * join itself (the buyer closed the tab after paying): 10 minutes by default.
     */
    JOIN_COMPLETION_DELAY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(600_000),
    /**
     * The 1099-NEC reporting threshold by calendar year (ADR 0061), as `YYYY=dollars` rows: each applies from its year
     * until the next row's; a year before the first row takes the first. $600 through 2025, $2,000 for payments from
     * 2026; from 2027 the IRS indexes it for inflation, and each year's published figure is added as a row.
     */
    EARNINGS_REPORTING_THRESHOLDS: reportingThresholds.prefault('2020=600,2026=2000'),
    /** Whether this process works the join-completion queue (every replica may: a join is idempotent per subscription). */
    JOIN_COMPLETION_WORKER: workerFlag,
    /** How long a member whose renewal failed stays a (past_due) member before the membership is cancelled: 7 days (ADR 0059). */
    DUNNING_GRACE_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .max(60 * 86_400_000)
      .default(7 * 86_400_000),
    /** How long before the grace period ends the member is reminded (once): 2 days by default. */
    DUNNING_REMINDER_BEFORE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(60 * 86_400_000)
      .default(2 * 86_400_000),
    /** Whether this process works the dunning queue (every replica may: each step claims its row once). */
    DUNNING_WORKER: workerFlag,
    /** Who at the company hears once when a membership is cancelled for non-payment. */
    STAFF_BILLING_EMAIL: z.email('STAFF_BILLING_EMAIL must be an email address').default('admin@kingdommarketplace.example'),
  })
  .superRefine((env, ctx) => {
    refuseInProduction(env, ctx, {
      ...baseProductionRules,
      ...jobsProductionRules,
      ...mailProductionRules,
      DATABASE_URL: 'url',
      ...stripeProductionRules,
    });
    refuseStripeEmulatorInProduction(env, ctx);
    if (env.NODE_ENV !== 'production') return;
    // Links in emails (dashboard, sign-in) must point at the real site.
    if (!env.PUBLIC_ORIGIN)
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'PUBLIC_ORIGIN is required in production (links in emails point there)' });
  })
  .transform((env) => ({
    ...baseServiceConfig(env),
    databaseUrl: env.DATABASE_URL,
    stripe: {
      ...stripeSettingsFromEnv(env),
      priceLookupKey: env.STRIPE_MEMBERSHIP_PRICE_LOOKUP_KEY,
    },
    publicOrigin: new URL(env.PUBLIC_ORIGIN ?? 'http://localhost:3000').origin,
    jobs: jobsSettingsFromEnv(env),
    mail: mailSettingsFromEnv(env),
    payouts: {
      schedule: env.PAYOUT_SCHEDULE,
      timeZone: env.PAYOUT_TIME_ZONE,
      batchSize: env.PAYOUT_BATCH_SIZE,
      worker: env.PAYOUT_WORKER,
      lockMs: env.PAYOUT_LOCK_MS,
      minimumCents: env.PAYOUT_MINIMUM_CENTS,
      transferConcurrency: env.PAYOUT_TRANSFER_CONCURRENCY,
      transferClaim: env.PAYOUT_TRANSFER_CLAIM,
      transferClaimsInFlight: env.PAYOUT_TRANSFER_CLAIMS_IN_FLIGHT,
    },
    earnings: { reportingThresholds: env.EARNINGS_REPORTING_THRESHOLDS },
    joinCompletion: { delayMs: env.JOIN_COMPLETION_DELAY_MS, worker: env.JOIN_COMPLETION_WORKER },
    dunning: {
      graceMs: env.DUNNING_GRACE_MS,
      reminderBeforeMs: env.DUNNING_REMINDER_BEFORE_MS,
      worker: env.DUNNING_WORKER,
      staffEmail: env.STAFF_BILLING_EMAIL,
    },
    profitBonuses: {
      schedule: env.PROFIT_BONUS_SCHEDULE,
      timeZone: env.PAYOUT_TIME_ZONE,
      shareBps: env.PROFIT_BONUS_SHARE_BPS,
      worker: env.PROFIT_BONUS_WORKER,
    },
  }));

export type MembershipConfig = z.infer<typeof membershipConfigSchema>;

export const loadMembershipConfig = (env: Record<string, string | undefined> = process.env): MembershipConfig => loadConfig(membershipConfigSchema, env);
