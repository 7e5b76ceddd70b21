import { CatalogEvents, IdentityEvents } from '@km/contracts';
import assert from 'node:assert/strict';
import type { DataSource, EntityManager } from 'typeorm';
import { commitWithEvents } from './commit-with-events';
import { recordEvent } from './outbox';

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
