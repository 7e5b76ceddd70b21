import { z } from 'zod';
import { booleanFromEnv } from './load-config';

/**
 * Text that marks a value the repository ships as a stand-in (docker-compose.yml's `…dev-only` defaults, the
 * k8s base's `change-me…` Secrets). Stripe's key formats allow only [A-Za-z0-9_], hence the `_` spellings.
 */
export const PLACEHOLDER_MARKERS = ['change-me', 'change_me', 'dev-only', 'dev_only', 'placeholder'] as const;

/** Exact values the local stack, the tests and the service defaults use (tools/stack, identity, storage). */
export const DEVELOPMENT_SECRETS: readonly string[] = ['kingdom-admin-dev', 'sk_test_local', 'pk_test_local', 'whsec_local_dev_secret', 'kingdom-dev-s3'];

/** True when a value is a placeholder the repository ships or one of the development defaults. */
export function isPlaceholderSecret(value: string): boolean {
  const lower = value.toLowerCase();
  return DEVELOPMENT_SECRETS.includes(value) || PLACEHOLDER_MARKERS.some((marker) => lower.includes(marker));
}

/**
 * How {@link refuseInProduction} treats one variable:
 * - `secret`: must be set, and not a placeholder nor a development default;
 * - `optional-secret`: may be empty (e.g. SMTP_PASS when the relay needs no login); when set, as `secret`;
 * - `url`: a connection URL (several may be comma-separated); its text and the password inside it, when there is
 *   one, must not be a placeholder nor a development default;
 * - `stripe-key`: when set, as `secret`, and a test-mode key (`sk_test_`, `rk_test_`, `pk_test_`) is refused
 *   unless `STRIPE_ALLOW_TEST_MODE=true` (spread {@link stripeModeEnv} into the schema);
 * - `bus-url`: as `url`, and every server in it must carry a user and password (the bus permissions of ADR
 *   0010 bind to the user, so a NATS_URL without one runs the service as nobody the bus can hold to its subjects);
 * - `required`: must be set (e.g. PUBLIC_ORIGIN, without which cookies lose `Secure` and HSTS is off);
 * - `smtp-tls`: SMTP_SECURE must be true unless `SMTP_ALLOW_PLAINTEXT=true` is set on purpose (a relay on the same
 *   private network, the compose and k8s mail catcher): passwords and reset links would otherwise cross in clear.
 */
export type ProductionRule = 'secret' | 'optional-secret' | 'url' | 'stripe-key' | 'bus-url' | 'required' | 'smtp-tls';

/** Rules for the keys of `baseServiceEnv`, which every service reads. */
export const baseProductionRules = { NATS_URL: 'bus-url' } as const satisfies Record<string, ProductionRule>;

/** Lets production run on Stripe test-mode keys, e.g. a staging site that must not take real money. */
export const stripeModeEnv = { STRIPE_ALLOW_TEST_MODE: booleanFromEnv };

const STRIPE_TEST_KEY = /^(sk|rk|pk)_test_/;

function hasCredentials(one: string): boolean {
  try {
    const url = new URL(one.trim());
    return url.username !== '' && url.password !== '';
  } catch {
    return false;
  }
}

function urlPasswords(value: string): string[] {
  return value
    .split(',')
    .map((part) => {
      try {
        return decodeURIComponent(new URL(part.trim()).password);
      } catch {
        return ''; // not a URL: the service's own schema reports that
      }
    })
    .filter(Boolean);
}

/** The problem with one value under one rule, or undefined. Never includes the value. */
function problemWith(
  key: string,
  value: string | undefined,
  rule: ProductionRule,
  env: { STRIPE_ALLOW_TEST_MODE?: boolean; SMTP_ALLOW_PLAINTEXT?: boolean },
): string | undefined {
  const allowTestMode = env.STRIPE_ALLOW_TEST_MODE === true;
  if (rule === 'smtp-tls') {
    return value === 'true' || env.SMTP_ALLOW_PLAINTEXT === true
      ? undefined
      : `${key} must be true in production (SMTP over TLS), or set SMTP_ALLOW_PLAINTEXT=true on purpose for a relay on a private network`;
  }
  if (value === undefined || value === '') {
    if (rule === 'secret' || rule === 'required') return `${key} is required in production`;
    return rule === 'bus-url' ? `${key} is required in production, with the service's bus credentials (nats://<service>:<password>@host:port)` : undefined;
  }
  if (rule === 'required') return undefined;
  if (rule === 'url' || rule === 'bus-url') {
    if (isPlaceholderSecret(value) || urlPasswords(value).some(isPlaceholderSecret)) {
      return `${key} carries a placeholder or development credential shipped with the repository; set the real one in production`;
    }
    if (rule === 'bus-url' && !value.split(',').every(hasCredentials)) {
      return `${key} must carry the service's bus credentials in production (nats://<service>:<password>@host:port, on every server listed)`;
    }
    return undefined;
  }
  if (isPlaceholderSecret(value)) {
    return `${key} is a placeholder or development value shipped with the repository; set the real secret in production`;
  }
  if (rule === 'stripe-key' && STRIPE_TEST_KEY.test(value) && !allowTestMode) {
    return `${key} is a Stripe test-mode key; production needs a live key (or STRIPE_ALLOW_TEST_MODE=true, set on purpose)`;
  }
  return undefined;
}

/**
 * For a service's `superRefine`: under NODE_ENV=production, adds one issue per variable that is missing, a
 * placeholder or development default, or (Stripe) a test-mode key. Outside production it does nothing, so the
 * local stack keeps its defaults. Messages name the variable and never its value. Covering one more variable is
 * one more entry in `rules`.
 */
export function refuseInProduction(
  env: { NODE_ENV: string; STRIPE_ALLOW_TEST_MODE?: boolean; SMTP_ALLOW_PLAINTEXT?: boolean } & Record<string, unknown>,
  ctx: z.RefinementCtx,
  rules: Record<string, ProductionRule>,
): void {
  if (env.NODE_ENV !== 'production') return;
  for (const [key, rule] of Object.entries(rules)) {
    const raw = env[key];
    const value = raw === undefined || raw === null ? undefined : String(raw);
    const message = problemWith(key, value, rule, env);
    if (message) ctx.addIssue({ code: 'custom', path: [key], message });
  }
}

/**
 * For a service's `superRefine`: under NODE_ENV=production, an https `publicOrigin` must come with Secure cookies,
 * so `cookieSecure` (the parsed COOKIE_SECURE: undefined when not set) explicitly false is refused.
 */
export function refuseInsecureCookies(
  env: { NODE_ENV: string; publicOrigin: string | undefined; cookieSecure: boolean | undefined },
  ctx: z.RefinementCtx,
  key = 'COOKIE_SECURE',
): void {
  if (env.NODE_ENV !== 'production' || !env.publicOrigin?.startsWith('https:')) return;
  if (env.cookieSecure === false) {
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message: `${key} must not be false when PUBLIC_ORIGIN is https: session cookies would be sent without Secure`,
    });
  }
}
