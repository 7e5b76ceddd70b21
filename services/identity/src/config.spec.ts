import assert from 'node:assert/strict';
import { ConfigError } from '@km/nest-kit';
import { loadIdentityConfig } from './config';

const base = { HTTP_PORT: '3101', DATABASE_URL: 'postgres://localhost/identity' };

test('development falls back to the documented admin defaults', () => {
  const config = loadIdentityConfig(base);
  assert.deepEqual(config.admin, { username: 'admin', password: 'kingdom-admin-dev', email: null });
});

test('production refuses to start without an admin password, listing the problem', () => {
  assert.throws(
    () => loadIdentityConfig({ ...base, NODE_ENV: 'production' }),
    (error: unknown) => error instanceof ConfigError && error.problems.some((p) => p.startsWith('ADMIN_PASSWORD:')),
  );
});

test('a missing DATABASE_URL and a bad port are both reported at once', () => {
  assert.throws(
    () => loadIdentityConfig({ HTTP_PORT: 'abc' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.length === 2 &&
      error.problems.some((p) => p.startsWith('HTTP_PORT:')) &&
      error.problems.some((p) => p.startsWith('DATABASE_URL:')),
  );
});

test('production refuses ADMIN_TOTP_OPTIONAL_FOR_SEEDED_ADMIN; development takes it, and by default every admin needs TOTP', () => {
  assert.throws(
    () => loadIdentityConfig({ ...base, NODE_ENV: 'production', ADMIN_PASSWORD: 'a-real-admin-secret-9', ADMIN_TOTP_OPTIONAL_FOR_SEEDED_ADMIN: 'true' }),
    (error: unknown) => error instanceof ConfigError && error.problems.some((p) => p.startsWith('ADMIN_TOTP_OPTIONAL_FOR_SEEDED_ADMIN:')),
  );
  assert.equal(loadIdentityConfig({ ...base, ADMIN_TOTP_OPTIONAL_FOR_SEEDED_ADMIN: 'true' }).secondFactor.seededAdminMaySkip, true);
  assert.equal(loadIdentityConfig(base).secondFactor.seededAdminMaySkip, false);
});

test('sessions idle out after 30 minutes for admins and 14 days for members unless configured', () => {
  assert.deepEqual(loadIdentityConfig(base).sessionIdleMinutes, { admin: 30, member: 20160 });
});

test('an ADMIN_PASSWORD shorter than 12 characters or on the common-password list is refused at start', () => {
  for (const password of ['short-pw-11', 'password1234']) {
    assert.throws(
      () => loadIdentityConfig({ ...base, ADMIN_PASSWORD: password }),
      (error: unknown) => error instanceof ConfigError && error.problems.some((p) => p.startsWith('ADMIN_PASSWORD:')),
    );
  }
});
