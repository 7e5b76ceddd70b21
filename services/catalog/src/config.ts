import { baseProductionRules, baseServiceConfig, baseServiceEnv, booleanFromEnv, loadConfig, refuseInProduction } from '@km/nest-kit';
import { checkStorageEnv, storageEnv, storageOptionsFrom } from '@km/nest-kit/storage';
import { z } from 'zod';

export const catalogConfigSchema = z
  .object({
    ...baseServiceEnv,
    ...storageEnv,
    DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://…/catalog)'),
    SEED_DEMO: booleanFromEnv,
    LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(1_000_000).default(5),
    RESERVATION_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  })
  .superRefine((env, ctx) => {
    checkStorageEnv(env, ctx);
    refuseInProduction(env, ctx, { ...baseProductionRules, DATABASE_URL: 'url' });
  })
  .transform((env) => ({
    ...baseServiceConfig(env),
    databaseUrl: env.DATABASE_URL,
    storage: storageOptionsFrom(env),
    /** Fill an empty catalog with demo products and services (images included) at start. */
    seedDemo: env.SEED_DEMO,
    /** The store says "Only N left" at this many or fewer; staff are mailed when a product crosses it (ADR 0032). */
    lowStockThreshold: env.LOW_STOCK_THRESHOLD,
    /** How often expired stock reservations are released. */
    reservationSweepMs: env.RESERVATION_SWEEP_MS,
  }));

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;

export const loadCatalogConfig = (env: Record<string, string | undefined> = process.env): CatalogConfig => loadConfig(catalogConfigSchema, env);
