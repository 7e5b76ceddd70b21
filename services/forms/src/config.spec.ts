import assert from 'node:assert/strict';
import { ConfigError } from '@km/nest-kit';
import { loadFormsConfig } from './config';

const base = {
  HTTP_PORT: '3106',
  DATABASE_URL: 'postgres://localhost/forms',
  NATS_URL: 'nats://forms:Qm4tR8vX2p@127.0.0.1:4222',
  SMTP_ALLOW_PLAINTEXT: 'true',
};

test('development falls back to the documented staff inboxes, local mail catcher and site address', () => {
  const config = loadFormsConfig(base);
  assert.deepEqual(config.staff, { admin: 'admin@kingdommarketplace.example', publishing: 'publishing@kingdommarketplace.example' });
  assert.equal(config.publicOrigin, 'http://localhost:3000');
  assert.deepEqual(config.mail.smtp, { host: '127.0.0.1', port: 1025, secure: false, user: undefined, pass: undefined });
  assert.equal(config.mail.worker, true);
});

test('PUBLIC_ORIGIN is reduced to its origin, so links never get a double slash', () => {
  assert.equal(loadFormsConfig({ ...base, PUBLIC_ORIGIN: 'https://kingdom.example/some/path/' }).publicOrigin, 'https://kingdom.example');
});

test('production refuses to start without PUBLIC_ORIGIN, and bad staff addresses are named', () => {
  assert.throws(
    () => loadFormsConfig({ ...base, NODE_ENV: 'production', STAFF_ADMIN_EMAIL: 'not-an-address' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.length === 2 &&
      error.problems.includes('STAFF_ADMIN_EMAIL: STAFF_ADMIN_EMAIL must be an email address') &&
      error.problems.includes('PUBLIC_ORIGIN: PUBLIC_ORIGIN is required in production (links in emails point there)'),
  );
});
