import { baseProductionRules, baseServiceConfig, baseServiceEnv, booleanFromEnv, loadConfig, refuseInProduction } from '@km/nest-kit';
import { mailEnv, mailProductionRules, mailSettingsFromEnv } from '@km/nest-kit/mail';
import { checkStorageEnv, storageEnv, storageOptionsFrom } from '@km/nest-kit/storage';
import { z } from 'zod';

export const catalogConfigSchema = z
  .object({
    ...baseServiceEnv,
    ...storageEnv,
    ...mailEnv,
    DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://…/catalog)'),
    SEED_DEMO: booleanFromEnv,
    LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(1_000_000).default(5),
    RESERVATION_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    /** Who is told when a product runs low (ADR 0050). */
    STAFF_ALERT_EMAIL: z.email('STAFF_ALERT_EMAIL must be an email address').default('admin@kingdommarketplace.example'),
    /** Links in emails (the admin's stock tab, the product's page, unsubscribe) point there. */
    PUBLIC_ORIGIN: z.url('PUBLIC_ORIGIN must be the site address, e.g. https://kingdommarketplace.example').optional(),
  })
  .superRefine((env, ctx) => {
    checkStorageEnv(env, ctx);
    // Links in emails (ADR 0030, 0050) must point at the real site.
    refuseInProduction(env, ctx, { ...baseProductionRules, ...mailProductionRules, DATABASE_URL: 'url', PUBLIC_ORIGIN: 'required' });
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
    mail: mailSettingsFromEnv(env),
    staffAlertEmail: env.STAFF_ALERT_EMAIL,
    publicOrigin: new URL(env.PUBLIC_ORIGIN ?? 'http://localhost:3000').origin,
  }));

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;

export const loadCatalogConfig = (env: Record<string, string | undefined> = process.env): CatalogConfig => loadConfig(catalogConfigSchema, env);
