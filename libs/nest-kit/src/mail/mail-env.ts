import { z } from 'zod';
import { booleanFromEnv } from '../config/load-config';
import type { ProductionRule } from '../config/production-secrets';
import { jobsEnv, jobsProductionRules, jobsSettingsFromEnv } from '../jobs/jobs-env';

/** Env keys of every service that sends mail, the jobs' Redis included (mail is a queue); spread into the service's config schema. */
export const mailEnv = {
  ...jobsEnv,
  SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(1025),
  SMTP_SECURE: booleanFromEnv,
  /** Lets production send mail without TLS (SMTP_SECURE=false), set on purpose: a relay or catcher on a private network. */
  SMTP_ALLOW_PLAINTEXT: booleanFromEnv,
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('Kingdom Marketplace <hello@kingdommarketplace.example>'),
  /** See MailSettings.lockMs: BullMQ's 30 s unless a stack that kills workers on purpose wants their mail sooner. */
  MAIL_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** See MailSettings.concurrency: emails in flight at once per process, each on a pooled SMTP connection. */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1, 'MAIL_CONCURRENCY must be at least 1').max(64, 'MAIL_CONCURRENCY must be at most 64').default(8),
};

/** {@link refuseInProduction} rules for the keys of {@link mailEnv}; SMTP_PASS stays empty when the relay needs no login. */
export const mailProductionRules = { ...jobsProductionRules, SMTP_PASS: 'optional-secret', SMTP_SECURE: 'smtp-tls' } as const satisfies Record<
  string,
  ProductionRule
>;

export const mailSettingsFromEnv = (env: {
  REDIS_URL: string;
  SMTP_HOST: string;
  SMTP_PORT: number;
  SMTP_SECURE: boolean;
  SMTP_USER?: string;
  SMTP_PASS?: string;
  MAIL_FROM: string;
  MAIL_LOCK_MS?: number;
  MAIL_CONCURRENCY?: number;
}) => ({
  ...jobsSettingsFromEnv(env),
  smtp: { host: env.SMTP_HOST, port: env.SMTP_PORT, secure: env.SMTP_SECURE, user: env.SMTP_USER, pass: env.SMTP_PASS },
  from: env.MAIL_FROM,
  worker: true,
  lockMs: env.MAIL_LOCK_MS,
  concurrency: env.MAIL_CONCURRENCY,
});
