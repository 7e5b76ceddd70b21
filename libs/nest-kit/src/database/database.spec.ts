import assert from 'node:assert/strict';
import { ListenedPgClient, postgresOptions } from './database';

describe('the services’ Postgres pool clients (a connection cut between owners killed the service)', () => {
  test('every pool client is a ListenedPgClient', () => {
    const options = postgresOptions({ url: 'postgres://127.0.0.1:1/none', entities: [], migrations: [] }) as { extra?: { Client?: unknown } };
    assert.equal(options.extra?.Client, ListenedPgClient);
  });

  test('an error emitted while neither the pool nor TypeORM listens is counted, not thrown out of the process', () => {
    const before = ListenedPgClient.lostConnections;
    const client = new ListenedPgClient({ connectionString: 'postgres://127.0.0.1:1/none' });
    assert.doesNotThrow(() => client.emit('error', new Error('terminating connection due to administrator command')));
    assert.equal(ListenedPgClient.lostConnections, before + 1);
  });
});
