import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { OutboxEvent } from './outbox-event.entity';

/**
 * Records an event inside the caller's transaction. Nothing leaves the service
 * until that transaction commits and the relay picks the row up.
 */
export async function recordEvent<T>(manager: EntityManager, type: string, data: T): Promise<string> {
  const id = randomUUID();
  await manager.insert(OutboxEvent, { id, type, data: data as object, publishedAt: null });
  return id;
}
