import type { EventData, EventType } from '@km/contracts/common';
import type { DataSource, EntityManager } from 'typeorm';
import { isDatabaseConnectionLost } from '../errors/rpc-error.filter';
import type { OutboxRelay } from './outbox-relay';
import { recordedEvents, recordEvent } from './outbox';

/** Records one event in the surrounding transaction (see {@link recordEvent}). */
export type RecordEvent = <T extends EventType>(type: T, data: EventData<T>) => Promise<string>;

/** Tries of a transaction whose connection was lost before its commit (then 503 from the error filter). */
export const COMMIT_ATTEMPTS = 3;

/**
 * Runs `work` in one transaction, commits, and then wakes the outbox relay when the transaction recorded an event
 * (through `record` or `recordEvent(manager, …)` anywhere below it), so events leave at once instead of at the
 * next poll and no writer has to remember to do it.
 *
 * A transaction whose database connection was lost before its COMMIT was sent (pg_terminate_backend, a Postgres
 * restart, a cut network) rolled back with it, so it is run again on a fresh connection, up to COMMIT_ATTEMPTS
 * times. One lost during the COMMIT is not: it may have committed, and only the caller can tell (ADR 0013).
 */
export async function commitWithEvents<R>(
  dataSource: DataSource,
  outbox: { relay: Pick<OutboxRelay, 'kick'> },
  work: (manager: EntityManager, record: RecordEvent) => Promise<R>,
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    let withEvents = false;
    let committing = false;
    try {
      const result = await dataSource.transaction(async (manager) => {
        const outcome = await work(manager, (type, data) => recordEvent(manager, type, data));
        withEvents = recordedEvents(manager);
        committing = true;
        return outcome;
      });
      // After the commit: a relay woken earlier could not see the rows yet.
      if (withEvents) outbox.relay.kick();
      return result;
    } catch (error) {
      if (committing || attempt >= COMMIT_ATTEMPTS || !isDatabaseConnectionLost(error)) throw error;
      // The pool drops the dead connection; a short pause lets a restarting server accept again.
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * {@link commitWithEvents} for work that needs no transaction of its own: one statement that commits as it ends (a
 * database function that decides and writes in one round trip, ADR 0025). `work` gets a manager of its own, and the
 * relay is woken after it when it recorded an event or said it wrote one in SQL (`eventsWrittenInSql`).
 */
export async function runWithEvents<R>(
  dataSource: Pick<DataSource, 'createEntityManager'>,
  outbox: { relay: Pick<OutboxRelay, 'kick'> },
  work: (manager: EntityManager) => Promise<R>,
): Promise<R> {
  const manager = dataSource.createEntityManager();
  const result = await work(manager);
  if (recordedEvents(manager)) outbox.relay.kick();
  return result;
}
