import { baseProductionRules, baseServiceConfig, baseServiceEnv, booleanFromEnv, loadConfig, refuseInProduction } from '@km/nest-kit';
import { checkStorageEnv, storageEnv, storageOptionsFrom } from '@km/nest-kit/storage';
import { z } from 'zod';

export const catalogConfigSchema = z
  .object({
    ...baseServiceEnv,
    ...storageEnv,
    DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://…/catalog)'),
    SEED_DEMO: booleanFromEnv,
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
  }));

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;

export const loadCatalogConfig = (env: Record<string, string | undefined> = process.env): CatalogConfig => loadConfig(catalogConfigSchema, env);
