import { z } from 'zod';
import type { ProductionRule } from '../config/production-secrets';

/** Env keys of every service with BullMQ queues (mail included); spread into the service's config schema. */
export const jobsEnv = {
  REDIS_URL: z.string().min(1).default('redis://127.0.0.1:6379'),
};

/** {@link refuseInProduction} rules for the keys of {@link jobsEnv}. */
export const jobsProductionRules = { REDIS_URL: 'url' } as const satisfies Record<string, ProductionRule>;

export interface JobsSettings {
  redisUrl: string;
}

export const jobsSettingsFromEnv = (env: { REDIS_URL: string }): JobsSettings => ({ redisUrl: env.REDIS_URL });

/**
 * Whether this process works one queue (`true` by default: every replica may). One flag per queue, so stopping one
 * worker stops no other.
 */
export const workerFlag = z
  .enum(['true', 'false'])
  .default('true')
  .transform((v) => v === 'true');
