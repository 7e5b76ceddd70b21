import assert from 'node:assert/strict';
import { ConfigError } from '@km/nest-kit';
import { loadOrdersConfig } from './config';

const base = {
  HTTP_PORT: '3104',
  NATS_URL: 'nats://orders:Qm4tR8vX2p@127.0.0.1:4222',
  SMTP_ALLOW_PLAINTEXT: 'true',
  DATABASE_URL: 'postgres://localhost/orders',
  STRIPE_SECRET_KEY: 'sk_test_local',
  STRIPE_WEBHOOK_SECRET: 'whsec_local_dev_secret',
  PUBLIC_ORIGIN: 'https://kingdom.example',
};

test('the Stripe emulator settings reach the Stripe client options; without them the SDK talks to Stripe', () => {
  const local = loadOrdersConfig({ ...base, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' });
  assert.deepEqual(local.stripe, {
    secretKey: 'sk_test_local',
    webhookSecret: 'whsec_local_dev_secret',
    host: '127.0.0.1',
    port: 12111,
    protocol: 'http',
    timeoutMs: 10_000,
  });
  const real = loadOrdersConfig(base);
  assert.equal(real.stripe.host, undefined);
  assert.equal(real.stripe.port, undefined);
});

test('missing Stripe keys are both reported at once, each naming what it expects', () => {
  assert.throws(
    () => loadOrdersConfig({ HTTP_PORT: '3104', DATABASE_URL: 'postgres://localhost/orders' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.length === 2 &&
      error.problems.includes('STRIPE_SECRET_KEY: STRIPE_SECRET_KEY is required (sk_test_… or sk_live_…)') &&
      error.problems.includes('STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET is required (whsec_…)'),
  );
});

test('a publishable key in STRIPE_SECRET_KEY is refused', () => {
  assert.throws(
    () => loadOrdersConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_local' }),
    (error: unknown) =>
      error instanceof ConfigError && error.problems[0] === 'STRIPE_SECRET_KEY: STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)',
  );
});

/** What production needs for the links in order emails (ADR 0036). */
const linkSettings = { PUBLIC_ORIGIN: 'https://kingdom.example', ORDER_LINK_SECRET: 'Vq3n8Zr1Lx6Tb0Pw4Ys7Hd2Kc9Mf5Ja8' };

test('production refuses the local development secrets and an emulator host', () => {
  assert.throws(
    () => loadOrdersConfig({ ...base, ...linkSettings, NODE_ENV: 'production', STRIPE_API_HOST: '127.0.0.1' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.length === 3 &&
      error.problems.every((p) => /^(STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|STRIPE_API_HOST):/.test(p)),
  );
});

test('production refuses a test-mode secret key unless STRIPE_ALLOW_TEST_MODE=true, and placeholder keys either way', () => {
  const live = { ...base, ...linkSettings, NODE_ENV: 'production', STRIPE_WEBHOOK_SECRET: 'whsec_Hs82kLq0pZx7Wd' };
  assert.throws(
    () => loadOrdersConfig({ ...live, STRIPE_SECRET_KEY: 'sk_test_51AbCdEf' }),
    (error: unknown) => error instanceof ConfigError && error.problems.length === 1 && error.problems[0].startsWith('STRIPE_SECRET_KEY: '),
  );
  assert.equal(loadOrdersConfig({ ...live, STRIPE_SECRET_KEY: 'sk_test_51AbCdEf', STRIPE_ALLOW_TEST_MODE: 'true' }).stripe.secretKey, 'sk_test_51AbCdEf');
  assert.equal(loadOrdersConfig({ ...live, STRIPE_SECRET_KEY: 'sk_live_51AbCdEf' }).stripe.secretKey, 'sk_live_51AbCdEf');
  assert.throws(
    () => loadOrdersConfig({ ...live, STRIPE_SECRET_KEY: 'sk_test_change_me', STRIPE_ALLOW_TEST_MODE: 'true' }),
    (error: unknown) => error instanceof ConfigError && error.problems.length === 1 && error.problems[0].startsWith('STRIPE_SECRET_KEY: '),
  );
});

test('links in emails point at PUBLIC_ORIGIN (ADR 0030); outside production it defaults to the local site', () => {
  assert.equal(loadOrdersConfig(base).publicOrigin, 'https://kingdom.example');
  assert.equal(loadOrdersConfig({ ...base, PUBLIC_ORIGIN: undefined }).publicOrigin, 'http://localhost:3000');
});

test('production needs the site address and a real key for order links; development has both by default', () => {
  assert.throws(
    () =>
      loadOrdersConfig({
        ...base,
        PUBLIC_ORIGIN: undefined,
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_51AbCdEf',
        STRIPE_WEBHOOK_SECRET: 'whsec_Hs82kLq0pZx7Wd',
      }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.length === 2 &&
      error.problems.some((p) => p.startsWith('ORDER_LINK_SECRET: ')) &&
      error.problems.some((p) => p.startsWith('PUBLIC_ORIGIN: ')),
  );
  assert.throws(
    () => loadOrdersConfig({ ...base, ORDER_LINK_SECRET: 'short' }),
    (error: unknown) => error instanceof ConfigError && error.problems[0].startsWith('ORDER_LINK_SECRET: ORDER_LINK_SECRET must be at least 32 characters'),
  );
  assert.deepEqual(loadOrdersConfig({ ...base, PUBLIC_ORIGIN: 'https://kingdom.example/shop' }).orderLinks.origin, 'https://kingdom.example');
});
