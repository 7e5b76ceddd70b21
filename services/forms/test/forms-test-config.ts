import { testNatsUrl, testServers } from '@km/nest-kit/testing';
import { loadFormsConfig, type FormsConfig } from '../src/config';

/** The forms service's settings against the test stack's servers and mail catcher, on the database given. */
export function formsTestConfig(databaseUrl: string, env: Record<string, string> = {}): FormsConfig {
  const servers = testServers();
  return loadFormsConfig({
    HTTP_PORT: '0',
    NATS_URL: testNatsUrl('forms'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: servers.KM_TEST_REDIS_URL,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(servers.KM_TEST_SMTP_PORT),
    PUBLIC_ORIGIN: 'http://localhost:3999',
    LOG_LEVEL: 'warn',
    ...env,
  });
}
