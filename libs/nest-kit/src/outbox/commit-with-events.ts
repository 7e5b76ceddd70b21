import type { EventData, EventType } from '@km/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { OutboxRelay } from './outbox-relay';
import { recordedEvents, recordEvent } from './outbox';

/** Records one event in the surrounding transaction (see {@link recordEvent}). */
export type RecordEvent = <T extends EventType>(type: T, data: EventData<T>) => Promise<string>;

/**
 * Runs `work` in one transaction, commits, and then wakes the outbox relay when the transaction recorded an event
 * (through `record` or `recordEvent(manager, …)` anywhere below it), so events leave at once instead of at the
 * next poll and no writer has to remember to do it.
 */
export async function commitWithEvents<R>(
  dataSource: DataSource,
  outbox: { relay: Pick<OutboxRelay, 'kick'> },
  work: (manager: EntityManager, record: RecordEvent) => Promise<R>,
): Promise<R> {
  let withEvents = false;
  const result = await dataSource.transaction(async (manager) => {
    const outcome = await work(manager, (type, data) => recordEvent(manager, type, data));
    withEvents = recordedEvents(manager);
    return outcome;
  });
  // After the commit: a relay woken earlier could not see the rows yet.
  if (withEvents) outbox.relay.kick();
  return result;
}
