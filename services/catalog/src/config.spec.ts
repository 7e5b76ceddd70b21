import assert from 'node:assert/strict';
import { ConfigError } from '@km/nest-kit';
import { loadCatalogConfig } from './config';

const base = { HTTP_PORT: '3102', DATABASE_URL: 'postgres://localhost/catalog', NATS_URL: 'nats://catalog:Qm4tR8vX2p@127.0.0.1:4222' };

const productionMail = { REDIS_URL: 'redis://:Zq8pL2vR7x@redis:6379', SMTP_SECURE: 'true', PUBLIC_ORIGIN: 'https://kingdom.example' };

test('development defaults: no demo seed, the local S3 server with its development credentials', () => {
  const config = loadCatalogConfig(base);
  assert.equal(config.seedDemo, false);
  assert.deepEqual(config.storage, {
    endpoint: 'http://127.0.0.1:9000',
    region: 'us-east-1',
    accessKey: 'kingdom-dev-s3',
    secretKey: 'kingdom-dev-s3',
    bucket: 'kingdom-media',
  });
});

test('SEED_DEMO=true and the S3_* keys of the deployment files are read', () => {
  const config = loadCatalogConfig({
    ...base,
    SEED_DEMO: 'true',
    S3_ENDPOINT: 'minio',
    S3_PORT: '9000',
    S3_USE_SSL: 'true',
    S3_ACCESS_KEY: 'app',
    S3_SECRET_KEY: 'secret',
    S3_BUCKET: 'media-bucket',
  });
  assert.equal(config.seedDemo, true);
  assert.deepEqual(config.storage, { endpoint: 'https://minio:9000', region: 'us-east-1', accessKey: 'app', secretKey: 'secret', bucket: 'media-bucket' });
});

test('production refuses the development S3 credentials', () => {
  assert.throws(
    // Mail settings as production takes them, so only the storage's credentials are refused here.
    () => loadCatalogConfig({ ...base, NODE_ENV: 'production', ...productionMail }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.join('|') === 'S3_ACCESS_KEY: S3_ACCESS_KEY is required in production|S3_SECRET_KEY: S3_SECRET_KEY is required in production',
  );
});

test('a missing DATABASE_URL and a SEED_DEMO that is not a boolean are both reported at once', () => {
  assert.throws(
    () => loadCatalogConfig({ HTTP_PORT: '3102', SEED_DEMO: 'yes' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.length === 2 &&
      error.problems.some((p) => p.startsWith('DATABASE_URL:')) &&
      error.problems.some((p) => p.startsWith('SEED_DEMO:')),
  );
});

test('mail: staff alerts go to STAFF_ALERT_EMAIL, links to PUBLIC_ORIGIN; production needs the site address (ADR 0050)', () => {
  const config = loadCatalogConfig({ ...base, STAFF_ALERT_EMAIL: 'stock@kingdom.example', PUBLIC_ORIGIN: 'https://kingdom.example/' });
  assert.equal(config.staffAlertEmail, 'stock@kingdom.example');
  assert.equal(config.publicOrigin, 'https://kingdom.example');
  assert.equal(config.mail.worker, true);
  assert.throws(
    () => loadCatalogConfig({ ...base, STAFF_ALERT_EMAIL: 'not an address' }),
    (error: unknown) => error instanceof ConfigError && error.problems.join('|') === 'STAFF_ALERT_EMAIL: STAFF_ALERT_EMAIL must be an email address',
  );
  assert.throws(
    () =>
      loadCatalogConfig({ ...base, NODE_ENV: 'production', S3_ACCESS_KEY: 'app', S3_SECRET_KEY: 'Vb7nQ2xL9k', ...productionMail, PUBLIC_ORIGIN: undefined }),
    (error: unknown) => error instanceof ConfigError && error.problems.some((p) => p.startsWith('PUBLIC_ORIGIN:')),
  );
});
