import { baseProductionRules, baseServiceConfig, baseServiceEnv, loadConfig, refuseInProduction } from '@km/nest-kit';
import { mailEnv, mailProductionRules, mailSettingsFromEnv } from '@km/nest-kit/mail';
import { z } from 'zod';

const DEV_ADMIN_PASSWORD = 'kingdom-admin-dev';

/** The shortest password identity accepts for an admin (first admin, rotation). */
export const ADMIN_PASSWORD_MIN_LENGTH = 8;

export const identityConfigSchema = z
  .object({
    ...baseServiceEnv,
    ...mailEnv,
    PUBLIC_ORIGIN: z.url('PUBLIC_ORIGIN must be the site address, e.g. https://kingdommarketplace.example').optional(),
    DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://…/identity)'),
    ADMIN_USERNAME: z.string().min(3).default('admin'),
    ADMIN_PASSWORD: z.string().optional(),
    ADMIN_EMAIL: z.email().optional(),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .positive()
      .default(24 * 14),
    ARGON2_CONCURRENCY: z.coerce.number().int().positive().default(2),
    ARGON2_MAX_QUEUED: z.coerce.number().int().min(0).default(32),
  })
  .superRefine((env, ctx) => {
    refuseInProduction(env, ctx, { ...baseProductionRules, ...mailProductionRules, DATABASE_URL: 'url', ADMIN_PASSWORD: 'secret' });
    // Sign-in and confirmation links in emails must point at the real site.
    if (env.NODE_ENV === 'production' && !env.PUBLIC_ORIGIN) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'PUBLIC_ORIGIN is required in production (links in emails point there)' });
    }
    if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD.length < ADMIN_PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: `ADMIN_PASSWORD must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters` });
    }
  })
  .transform((env) => ({
    ...baseServiceConfig(env),
    databaseUrl: env.DATABASE_URL,
    mail: mailSettingsFromEnv(env),
    publicOrigin: new URL(env.PUBLIC_ORIGIN ?? 'http://localhost:3000').origin,
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD, email: env.ADMIN_EMAIL ?? null },
    sessionTtlHours: env.SESSION_TTL_HOURS,
    /** argon2 hashes/verifies running at once (login and register share them), and how many may wait before 503. */
    argon2: { concurrency: env.ARGON2_CONCURRENCY, maxQueued: env.ARGON2_MAX_QUEUED },
  }));

export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const loadIdentityConfig = (env: Record<string, string | undefined> = process.env): IdentityConfig => loadConfig(identityConfigSchema, env);

/** `admin-password.js` (rotation): the database, whose password to set, and optionally the new password itself. */
export const adminPasswordConfigSchema = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://…/identity)'),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  // An env var or stdin, never argv: arguments are visible to every user in `ps`.
  NEW_ADMIN_PASSWORD: z.string().optional(),
});

export type AdminPasswordConfig = z.infer<typeof adminPasswordConfigSchema>;

export const loadAdminPasswordConfig = (env: Record<string, string | undefined> = process.env): AdminPasswordConfig =>
  loadConfig(adminPasswordConfigSchema, env);
