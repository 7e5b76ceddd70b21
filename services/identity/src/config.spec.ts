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
