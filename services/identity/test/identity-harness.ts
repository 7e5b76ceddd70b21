import { createTestDatabase, startTestService, testServers, type TestDatabase } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import { AppModule } from '../src/app.module';
import { loadIdentityConfig } from '../src/config';

/** Identity on a fresh database, the test stack's NATS and Redis (it mails through the kit), with these settings. */
export async function startIdentity(env: Record<string, string>): Promise<{ app: INestApplication; db: TestDatabase }> {
  const db = await createTestDatabase('identity');
  const { KM_TEST_NATS_URL: natsUrl, KM_TEST_REDIS_URL } = testServers();
  const config = loadIdentityConfig({ HTTP_PORT: '0', NATS_URL: natsUrl, REDIS_URL: KM_TEST_REDIS_URL, DATABASE_URL: db.url, LOG_LEVEL: 'warn', ...env });
  return { app: await startTestService(AppModule.forRoot(config), 'identity', natsUrl), db };
}
