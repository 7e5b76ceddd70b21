import type { EventData, EventType } from '@km/contracts';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { OutboxEvent } from './outbox-event.entity';

/** Transactions (by their manager) that recorded at least one event, so `commitWithEvents` knows to wake the relay. */
const managersWithEvents = new WeakSet<EntityManager>();

/**
 * Records an event inside the caller's transaction. Nothing leaves the service
 * until that transaction commits and the relay picks the row up.
 * Only a type of the contracts' `EventMap`, with its payload, compiles.
 */
export async function recordEvent<T extends EventType>(manager: EntityManager, type: T, data: EventData<T>): Promise<string> {
  return recordAnyEvent(manager, type, data);
}

/** {@link recordEvent} without the event map: for the kit's own tests, whose event types are made up per run. */
export async function recordAnyEvent(manager: EntityManager, type: string, data: object): Promise<string> {
  const id = randomUUID();
  await manager.insert(OutboxEvent, { id, type, data, publishedAt: null });
  managersWithEvents.add(manager);
  return id;
}

/**
 * Tells the kit that the transaction (or statement) behind `manager` wrote outbox rows in SQL, past
 * {@link recordEvent}: a database function such as orders' `place_order` (ADR 0025). `commitWithEvents` and
 * `runWithEvents` then wake the relay after it as for any recorded event, so no writer calls `kick()` (ADR 0013).
 */
export function eventsWrittenInSql(manager: EntityManager): void {
  managersWithEvents.add(manager);
}

/** Whether the transaction behind `manager` recorded an event. */
export function recordedEvents(manager: EntityManager): boolean {
  return managersWithEvents.has(manager);
}
