import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '../database/database';
import { testServers } from './config';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, uniquely named database on the test stack's Postgres. */
export async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  const adminUrl = testServers().KM_TEST_PG_ADMIN_URL;
  const name = `${prefix}_t${randomBytes(4).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropDatabase(adminUrl, name) };
}
