import pg from 'pg';
import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';

export interface DatabaseOptions {
  url: string;
  entities: MixedList<Function | string | EntitySchema>;
  migrations: MixedList<Function | string>;
}

/**
 * pg's client with an 'error' listener for its whole life. A client whose connection dies (pg_terminate_backend, a
 * Postgres restart) emits 'error'; pg-pool listens while it is idle and TypeORM while a query runner holds it, but in
 * between an error with no listener killed the whole service (found by the fault suite's database cut, tools/faults).
 * The error still fails the query in flight and makes the pool drop the client; here it is only counted.
 */
export class ListenedPgClient extends pg.Client {
  static lostConnections = 0;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => {
      ListenedPgClient.lostConnections++;
    });
  }
}

/** Postgres options every service uses: never `synchronize`; migrations run at start through {@link openDataSource}. */
export function postgresOptions({ url, entities, migrations }: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error'],
    extra: { max: 10, connectionTimeoutMillis: 5000, Client: ListenedPgClient },
  };
}

/** Creates a database when it does not exist yet (local stack and tests). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const { Client } = await import('pg');
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const { Client } = await import('pg');
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

// Any fixed number works; it only has to be the same for every replica of every service.
const MIGRATION_LOCK_KEY = 7_114_202_611;

/**
 * Connects and runs pending migrations while holding a Postgres advisory lock, so
 * replicas starting together migrate one after the other instead of racing.
 */
export async function openDataSource(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource(options).initialize();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
  return dataSource;
}
