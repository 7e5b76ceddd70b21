import assert from 'node:assert/strict';
import { z } from 'zod';
import { baseServiceEnv, booleanFromEnv, ConfigError, loadConfig, optionalBooleanFromEnv } from './load-config';
import { baseProductionRules, PLACEHOLDER_MARKERS, refuseInProduction, refuseInsecureCookies, stripeModeEnv } from './production-secrets';

const schema = z
  .object({
    ...baseServiceEnv,
    ...stripeModeEnv,
    HTTP_PORT: z.coerce.number().int().default(3000),
    ADMIN_PASSWORD: z.string().optional(),
    SMTP_PASS: z.string().optional(),
    DATABASE_URL: z.string().optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    PUBLIC_ORIGIN: z.url().optional(),
    COOKIE_SECURE: optionalBooleanFromEnv,
  })
  .superRefine((env, ctx) => {
    refuseInProduction(env, ctx, {
      ...baseProductionRules,
      ADMIN_PASSWORD: 'secret',
      SMTP_PASS: 'optional-secret',
      DATABASE_URL: 'url',
      STRIPE_SECRET_KEY: 'stripe-key',
    });
    refuseInsecureCookies({ NODE_ENV: env.NODE_ENV, publicOrigin: env.PUBLIC_ORIGIN, cookieSecure: env.COOKIE_SECURE }, ctx);
  });

const good = {
  NATS_URL: 'nats://identity:Zq8wP3xL@nats:4222',
  ADMIN_PASSWORD: 'k7#Rq9!vLm2',
  DATABASE_URL: 'postgres://kingdom:Zt8pQ2xw@db:5432/identity',
  STRIPE_SECRET_KEY: 'sk_live_51AbCdEf',
};
const prod = (env: Record<string, string>) => ({ NODE_ENV: 'production', ...good, ...env });

/** The problems loadConfig reports, or [] when the configuration is accepted. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(schema, env);
    return [];
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.problems;
  }
}

test('real-looking secrets are accepted in production', () => {
  assert.deepEqual(problemsOf(prod({})), []);
});

for (const marker of PLACEHOLDER_MARKERS) {
  test(`a secret containing "${marker}" is refused in production, naming the variable and not the value, and accepted in development`, () => {
    const value = `admin-${marker}-pw`;
    assert.deepEqual(problemsOf(prod({ ADMIN_PASSWORD: value })), [
      'ADMIN_PASSWORD: ADMIN_PASSWORD is a placeholder or development value shipped with the repository; set the real secret in production',
    ]);
    assert.deepEqual(problemsOf({ ...good, ADMIN_PASSWORD: value }), []);
  });
}

test('markers are found whatever their letter case', () => {
  assert.equal(problemsOf(prod({ ADMIN_PASSWORD: 'CHANGE-ME-NOW' })).length, 1);
});

for (const value of ['kingdom-admin-dev', 'sk_test_local', 'pk_test_local', 'whsec_local_dev_secret', 'kingdom-dev-s3']) {
  test(`the development default ${value} is refused as a secret in production and accepted in development`, () => {
    assert.deepEqual(
      problemsOf(prod({ ADMIN_PASSWORD: value })).map((p) => p.split(':')[0]),
      ['ADMIN_PASSWORD'],
    );
    assert.deepEqual(problemsOf({ ...good, ADMIN_PASSWORD: value }), []);
  });
}

test('a missing required secret is refused in production; a missing optional one is not', () => {
  const { ADMIN_PASSWORD: _omitted, ...rest } = good;
  assert.deepEqual(problemsOf({ NODE_ENV: 'production', ...rest, SMTP_PASS: '' }), ['ADMIN_PASSWORD: ADMIN_PASSWORD is required in production']);
  assert.deepEqual(problemsOf({ ...rest }), []);
});

test('an optional secret, once set, must not be a placeholder', () => {
  assert.deepEqual(
    problemsOf(prod({ SMTP_PASS: 'smtp-dev-only' })).map((p) => p.split(':')[0]),
    ['SMTP_PASS'],
  );
});

test('a placeholder password inside a URL is refused without printing it, percent-encoded or not', () => {
  for (const url of ['postgres://kingdom:postgres-dev-only@postgres:5432/identity', 'postgres://kingdom:change%2Dme@db/identity']) {
    const problems = problemsOf(prod({ DATABASE_URL: url }));
    assert.deepEqual(problems, [
      'DATABASE_URL: DATABASE_URL carries a placeholder or development credential shipped with the repository; set the real one in production',
    ]);
  }
});

test('a URL without a password, or with a real one, is accepted; every server of a comma-separated NATS_URL is checked', () => {
  // (a NATS_URL must carry credentials in production, ADR 0010, so this one names them on both servers)
  assert.deepEqual(
    problemsOf(prod({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/identity', NATS_URL: 'nats://app:Q8xv2Lp@a:4222,nats://app:Q8xv2Lp@b:4222' })),
    [],
  );
  assert.deepEqual(
    problemsOf(prod({ NATS_URL: 'nats://app:Q8xv2Lp@a:4222,nats://app:nats-dev-only@b:4222' })).map((p) => p.split(':')[0]),
    ['NATS_URL'],
  );
});

for (const key of ['sk_test_51AbCdEf', 'rk_test_51AbCdEf', 'pk_test_51AbCdEf']) {
  test(`the test-mode Stripe key ${key.slice(0, 8)}… is refused in production unless STRIPE_ALLOW_TEST_MODE=true`, () => {
    assert.deepEqual(problemsOf(prod({ STRIPE_SECRET_KEY: key })), [
      'STRIPE_SECRET_KEY: STRIPE_SECRET_KEY is a Stripe test-mode key; production needs a live key (or STRIPE_ALLOW_TEST_MODE=true, set on purpose)',
    ]);
    assert.deepEqual(problemsOf(prod({ STRIPE_SECRET_KEY: key, STRIPE_ALLOW_TEST_MODE: 'false' })).length, 1);
    assert.deepEqual(problemsOf(prod({ STRIPE_SECRET_KEY: key, STRIPE_ALLOW_TEST_MODE: 'true' })), []);
    assert.deepEqual(problemsOf({ ...good, STRIPE_SECRET_KEY: key }), []);
  });
}

test('a placeholder Stripe key is reported once, as a placeholder, even when test-mode keys are allowed', () => {
  for (const allow of ['true', 'false']) {
    assert.deepEqual(problemsOf(prod({ STRIPE_SECRET_KEY: 'sk_test_dev_only_placeholder', STRIPE_ALLOW_TEST_MODE: allow })), [
      'STRIPE_SECRET_KEY: STRIPE_SECRET_KEY is a placeholder or development value shipped with the repository; set the real secret in production',
    ]);
  }
});

test('an https PUBLIC_ORIGIN with COOKIE_SECURE=false is refused in production; unset or true is accepted, and so is plain http', () => {
  assert.deepEqual(problemsOf(prod({ PUBLIC_ORIGIN: 'https://shop.example', COOKIE_SECURE: 'false' })), [
    'COOKIE_SECURE: COOKIE_SECURE must not be false when PUBLIC_ORIGIN is https: session cookies would be sent without Secure',
  ]);
  assert.equal(problemsOf(prod({ PUBLIC_ORIGIN: 'https://shop.example', COOKIE_SECURE: '0' })).length, 1);
  assert.deepEqual(problemsOf(prod({ PUBLIC_ORIGIN: 'https://shop.example' })), []);
  assert.deepEqual(problemsOf(prod({ PUBLIC_ORIGIN: 'https://shop.example', COOKIE_SECURE: 'true' })), []);
  assert.deepEqual(problemsOf(prod({ PUBLIC_ORIGIN: 'http://localhost:3000', COOKIE_SECURE: 'false' })), []);
  assert.deepEqual(problemsOf({ ...good, PUBLIC_ORIGIN: 'https://shop.example', COOKIE_SECURE: 'false' }), []);
});

test('production refuses a NATS_URL without bus credentials on any of its servers; outside production it is accepted', () => {
  const message = "NATS_URL: NATS_URL must carry the service's bus credentials in production (nats://<service>:<password>@host:port, on every server listed)";
  assert.deepEqual(problemsOf(prod({ NATS_URL: 'nats://nats:4222' })), [message]);
  assert.deepEqual(problemsOf(prod({ NATS_URL: 'nats://app:Q8xv2Lp@a:4222,nats://b:4222' })), [message]);
  assert.deepEqual(problemsOf(prod({ NATS_URL: 'nats://app@a:4222' })), [message]);
  assert.deepEqual(problemsOf({ ...good, NATS_URL: 'nats://nats:4222' }), []);
});

test('production refuses SMTP without TLS unless SMTP_ALLOW_PLAINTEXT=true; outside production it is accepted', () => {
  const mail = z
    .object({ NODE_ENV: z.string(), SMTP_SECURE: booleanFromEnv, SMTP_ALLOW_PLAINTEXT: booleanFromEnv })
    .superRefine((env, ctx) => refuseInProduction(env, ctx, { SMTP_SECURE: 'smtp-tls' }));
  const problems = (env: Record<string, string>) => {
    const result = mail.safeParse(env);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  const message =
    'SMTP_SECURE: SMTP_SECURE must be true in production (SMTP over TLS), or set SMTP_ALLOW_PLAINTEXT=true on purpose for a relay on a private network';
  assert.deepEqual(problems({ NODE_ENV: 'production', SMTP_SECURE: 'false' }), [message]);
  assert.deepEqual(problems({ NODE_ENV: 'production' }), [message]);
  assert.deepEqual(problems({ NODE_ENV: 'production', SMTP_SECURE: 'false', SMTP_ALLOW_PLAINTEXT: 'false' }), [message]);
  assert.deepEqual(problems({ NODE_ENV: 'production', SMTP_SECURE: 'true' }), []);
  assert.deepEqual(problems({ NODE_ENV: 'production', SMTP_SECURE: 'false', SMTP_ALLOW_PLAINTEXT: 'true' }), []);
  assert.deepEqual(problems({ NODE_ENV: 'development', SMTP_SECURE: 'false' }), []);
});
