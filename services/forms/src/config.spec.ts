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

test('production refuses to start without PUBLIC_ORIGIN or with the development NEWSLETTER_LINK_SECRET, and bad staff addresses are named', () => {
  assert.throws(
    () => loadFormsConfig({ ...base, NODE_ENV: 'production', STAFF_ADMIN_EMAIL: 'not-an-address' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.length === 3 &&
      error.problems.includes('STAFF_ADMIN_EMAIL: STAFF_ADMIN_EMAIL must be an email address') &&
      error.problems.some((problem) => problem.startsWith('NEWSLETTER_LINK_SECRET: ')) &&
      error.problems.includes('PUBLIC_ORIGIN: PUBLIC_ORIGIN is required in production (links in emails point there)'),
  );
});

test('the prayer settings: 30 days open, a daily digest at 08:00 UTC, and an unknown time zone or a zero expiry named', () => {
  const config = loadFormsConfig(base);
  assert.deepEqual(config.prayer, { expiryDays: 30, digestSchedule: '0 8 * * *', digestTimeZone: 'UTC', digestWorker: true });
  assert.throws(
    () => loadFormsConfig({ ...base, PRAYER_DIGEST_TIME_ZONE: 'Mars/Olympus', PRAYER_EXPIRY_DAYS: '0' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.includes('PRAYER_DIGEST_TIME_ZONE: PRAYER_DIGEST_TIME_ZONE must be an IANA time zone, e.g. America/New_York') &&
      error.problems.includes('PRAYER_EXPIRY_DAYS: PRAYER_EXPIRY_DAYS must be at least 1'),
  );
});
