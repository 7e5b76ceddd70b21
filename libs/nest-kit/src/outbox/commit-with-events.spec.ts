import { CatalogEvents } from '@km/contracts/catalog';
import { IdentityEvents } from '@km/contracts/identity';
import assert from 'node:assert/strict';
import type { DataSource, EntityManager } from 'typeorm';
import { COMMIT_ATTEMPTS, commitWithEvents, runWithEvents } from './commit-with-events';
import { eventsWrittenInSql, recordEvent } from './outbox';

/** A transaction that logs what happens in order: inserts, the commit (or rollback), and relay kicks. */
function fakes() {
  const log: string[] = [];
  const dataSource = {
    transaction: async <R>(work: (manager: EntityManager) => Promise<R>): Promise<R> => {
      const manager = { insert: async (_entity: unknown, row: { type: string }) => void log.push(`insert ${row.type}`) } as unknown as EntityManager;
      try {
        const result = await work(manager);
        log.push('commit');
        return result;
      } catch (error) {
        log.push('rollback');
        throw error;
      }
    },
  } as unknown as DataSource;
  const outbox = { relay: { kick: () => void log.push('kick') } };
  return { log, dataSource, outbox };
}

test('commitWithEvents wakes the relay once, after the commit, when the transaction recorded events', async () => {
  const { log, dataSource, outbox } = fakes();
  const result = await commitWithEvents(dataSource, outbox, async (_manager, record) => {
    await record(CatalogEvents.itemCreated, { itemId: 'i1', kind: 'product' });
    await record(CatalogEvents.itemUpdated, { itemId: 'i1', kind: 'product' });
    return 'done';
  });
  assert.equal(result, 'done');
  assert.deepEqual(log, ['insert catalog.item.created', 'insert catalog.item.updated', 'commit', 'kick']);
});

test('commitWithEvents also wakes the relay for an event recorded with recordEvent(manager, …) further down', async () => {
  const { log, dataSource, outbox } = fakes();
  await commitWithEvents(dataSource, outbox, async (manager) => {
    await recordEvent(manager, IdentityEvents.userRegistered, { userId: 'u1', username: 'ruth', isAdmin: false });
  });
  assert.deepEqual(log, ['insert identity.user.registered', 'commit', 'kick']);
});

test('commitWithEvents leaves the relay alone when the transaction recorded nothing', async () => {
  const { log, dataSource, outbox } = fakes();
  assert.equal(await commitWithEvents(dataSource, outbox, async () => 42), 42);
  assert.deepEqual(log, ['commit']);
});

test('commitWithEvents leaves the relay alone and rethrows when the transaction fails after recording', async () => {
  const { log, dataSource, outbox } = fakes();
  await assert.rejects(
    commitWithEvents(dataSource, outbox, async (_manager, record) => {
      await record(CatalogEvents.itemDeleted, { itemId: 'i1', kind: 'service' });
      throw new Error('constraint violated');
    }),
    /constraint violated/,
  );
  assert.deepEqual(log, ['insert catalog.item.deleted', 'rollback']);
});

/** A transaction whose connection is cut (as pg_terminate_backend does) on the given tries, in its work or at its COMMIT. */
function cutConnection(cuts: Record<number, 'work' | 'commit'>) {
  const log: string[] = [];
  let tries = 0;
  const lost = Object.assign(new Error('Query runner already released. Cannot run queries anymore.'), { name: 'QueryRunnerAlreadyReleasedError' });
  const dataSource = {
    transaction: async <R>(work: (manager: EntityManager) => Promise<R>): Promise<R> => {
      const attempt = ++tries;
      const manager = {
        insert: async (_entity: unknown, row: { type: string }) => {
          if (cuts[attempt] === 'work') throw lost;
          log.push(`insert ${row.type}`);
        },
      } as unknown as EntityManager;
      try {
        const result = await work(manager);
        if (cuts[attempt] === 'commit') throw Object.assign(new Error('Connection terminated unexpectedly'), { name: 'QueryFailedError' });
        log.push('commit');
        return result;
      } catch (error) {
        log.push('rollback');
        throw error;
      }
    },
  } as unknown as DataSource;
  const outbox = { relay: { kick: () => void log.push('kick') } };
  return { log, dataSource, outbox, tries: () => tries };
}

const recordOne = (_manager: EntityManager, record: Parameters<Parameters<typeof commitWithEvents>[2]>[1]) =>
  record(CatalogEvents.itemCreated, { itemId: 'i1', kind: 'product' }).then(() => 'done');

test('commitWithEvents runs a transaction again when its connection was lost before the commit (the fault suite: pg_terminate_backend answered 500)', async () => {
  const { log, dataSource, outbox, tries } = cutConnection({ 1: 'work' });
  assert.equal(await commitWithEvents(dataSource, outbox, recordOne), 'done');
  assert.equal(tries(), 2);
  assert.deepEqual(log, ['rollback', 'insert catalog.item.created', 'commit', 'kick']);
});

test(`commitWithEvents gives up after ${COMMIT_ATTEMPTS} lost connections and rethrows the last error`, async () => {
  const { log, dataSource, outbox, tries } = cutConnection({ 1: 'work', 2: 'work', 3: 'work', 4: 'work' });
  await assert.rejects(commitWithEvents(dataSource, outbox, recordOne), { name: 'QueryRunnerAlreadyReleasedError' });
  assert.equal(tries(), COMMIT_ATTEMPTS);
  assert.deepEqual(log, ['rollback', 'rollback', 'rollback']);
});

test('commitWithEvents does not run again a transaction whose connection was lost during its COMMIT: it may have committed', async () => {
  const { log, dataSource, outbox, tries } = cutConnection({ 1: 'commit' });
  await assert.rejects(commitWithEvents(dataSource, outbox, recordOne), /Connection terminated unexpectedly/);
  assert.equal(tries(), 1);
  assert.deepEqual(log, ['insert catalog.item.created', 'rollback']);
});

test('commitWithEvents wakes the relay after the commit for event rows a statement wrote in SQL and reported', async () => {
  const { log, dataSource, outbox } = fakes();
  await commitWithEvents(dataSource, outbox, async (manager) => {
    log.push('place_order');
    eventsWrittenInSql(manager);
  });
  assert.deepEqual(log, ['place_order', 'commit', 'kick']);
});

test('runWithEvents gives the work a manager of its own and wakes the relay after it only when it wrote events', async () => {
  const log: string[] = [];
  const managers: EntityManager[] = [];
  const dataSource = { createEntityManager: () => (managers.push({} as EntityManager), managers[managers.length - 1]) };
  const outbox = { relay: { kick: () => void log.push('kick') } };
  const wrote = await runWithEvents(dataSource, outbox, async (manager) => {
    log.push('place_order placed');
    eventsWrittenInSql(manager);
    return 'placed';
  });
  const quiet = await runWithEvents(dataSource, outbox, async () => (log.push('place_order undecided'), 'undecided'));
  assert.deepEqual([wrote, quiet], ['placed', 'undecided']);
  assert.deepEqual(log, ['place_order placed', 'kick', 'place_order undecided']);
  assert.equal(managers.length, 2);
  assert.notEqual(managers[0], managers[1]);
});
