import { baseProductionRules, baseServiceConfig, baseServiceEnv, loadConfig, optionalBooleanFromEnv, refuseInProduction } from '@km/nest-kit';
import { mailEnv, mailProductionRules, mailSettingsFromEnv } from '@km/nest-kit/mail';
import { z } from 'zod';
import { newPasswordProblem } from './passwords/password-rule';

const DEV_ADMIN_PASSWORD = 'kingdom-admin-dev';

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
    // Idle timeouts (ASVS 5.0 V7.3.1), besides SESSION_TTL_HOURS: an admin's session ends after 30 minutes without a
    // request, anyone else's after 14 days.
    SESSION_IDLE_MINUTES_ADMIN: z.coerce.number().int().positive().default(30),
    SESSION_IDLE_MINUTES_MEMBER: z.coerce
      .number()
      .int()
      .positive()
      .default(14 * 24 * 60),
    // How long a right password waits for its second factor.
    PENDING_LOGIN_MINUTES: z.coerce.number().int().positive().max(15).default(5),
    TOTP_ISSUER: z.string().trim().min(1).max(64).default('Kingdom Marketplace'),
    // Development and tests only: the seeded admin (ADMIN_USERNAME) signs in without TOTP until it enrols. Every
    // other admin, and every admin in production, must enrol before getting a session.
    ADMIN_TOTP_OPTIONAL_FOR_SEEDED_ADMIN: optionalBooleanFromEnv,
  })
  .superRefine((env, ctx) => {
    refuseInProduction(env, ctx, { ...baseProductionRules, ...mailProductionRules, DATABASE_URL: 'url', ADMIN_PASSWORD: 'secret' });
    // Sign-in and confirmation links in emails must point at the real site.
    if (env.NODE_ENV === 'production' && !env.PUBLIC_ORIGIN) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'PUBLIC_ORIGIN is required in production (links in emails point there)' });
    }
    // The first admin's password is a new password like any other (at least 12 characters, not a common one).
    const problem = env.ADMIN_PASSWORD === undefined ? undefined : newPasswordProblem(env.ADMIN_PASSWORD);
    if (problem) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: problem });
    if (env.NODE_ENV === 'production' && env.ADMIN_TOTP_OPTIONAL_FOR_SEEDED_ADMIN)
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_TOTP_OPTIONAL_FOR_SEEDED_ADMIN'],
        message: 'production requires a second factor for every admin: remove ADMIN_TOTP_OPTIONAL_FOR_SEEDED_ADMIN',
      });
  })
  .transform((env) => ({
    ...baseServiceConfig(env),
    databaseUrl: env.DATABASE_URL,
    mail: mailSettingsFromEnv(env),
    publicOrigin: new URL(env.PUBLIC_ORIGIN ?? 'http://localhost:3000').origin,
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD, email: env.ADMIN_EMAIL ?? null },
    sessionTtlHours: env.SESSION_TTL_HOURS,
    /** Minutes without a request after which a session ends, by role. */
    sessionIdleMinutes: { admin: env.SESSION_IDLE_MINUTES_ADMIN, member: env.SESSION_IDLE_MINUTES_MEMBER },
    secondFactor: {
      pendingLoginMinutes: env.PENDING_LOGIN_MINUTES,
      issuer: env.TOTP_ISSUER,
      seededAdminMaySkip: env.ADMIN_TOTP_OPTIONAL_FOR_SEEDED_ADMIN === true,
    },
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
