import { baseProductionRules, baseServiceConfig, baseServiceEnv, booleanFromEnv, loadConfig, refuseInProduction } from '@km/nest-kit';
import { mailEnv, mailProductionRules, mailSettingsFromEnv } from '@km/nest-kit/mail';
import { checkStorageEnv, storageEnv, storageOptionsFrom } from '@km/nest-kit/storage';
import { z } from 'zod';

export const mediaConfigSchema = z
  .object({
    ...baseServiceEnv,
    ...storageEnv,
    ...mailEnv,
    DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://…/media)'),
    PUBLIC_ORIGIN: z.url('PUBLIC_ORIGIN must be the site address, e.g. https://kingdommarketplace.example').optional(),
    SEED_DEMO: booleanFromEnv,
  })
  .superRefine((env, ctx) => {
    checkStorageEnv(env, ctx);
    refuseInProduction(env, ctx, { ...baseProductionRules, ...mailProductionRules, DATABASE_URL: 'url' });
    // Links in emails (episodes, unsubscribe) must point at the real site.
    if (env.NODE_ENV === 'production' && !env.PUBLIC_ORIGIN) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'PUBLIC_ORIGIN is required in production (links in emails point there)' });
    }
  })
  .transform((env) => ({
    ...baseServiceConfig(env),
    databaseUrl: env.DATABASE_URL,
    storage: storageOptionsFrom(env),
    mail: mailSettingsFromEnv(env),
    publicOrigin: new URL(env.PUBLIC_ORIGIN ?? 'http://localhost:3000').origin,
    /** Fill an empty podcast with demo episodes (small generated media) at start. */
    seedDemo: env.SEED_DEMO,
  }));

export type MediaConfig = z.infer<typeof mediaConfigSchema>;

export const loadMediaConfig = (env: Record<string, string | undefined> = process.env): MediaConfig => loadConfig(mediaConfigSchema, env);
