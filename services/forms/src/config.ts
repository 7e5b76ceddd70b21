import { baseProductionRules, baseServiceConfig, baseServiceEnv, loadConfig, refuseInProduction } from '@km/nest-kit';
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
  }));

export type FormsConfig = z.infer<typeof formsConfigSchema>;

export const loadFormsConfig = (env: Record<string, string | undefined> = process.env): FormsConfig => loadConfig(formsConfigSchema, env);
