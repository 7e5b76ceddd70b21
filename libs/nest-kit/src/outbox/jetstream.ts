import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX } from '@km/contracts';
import type { JetStreamManager, NatsConnection } from 'nats';
import { RetentionPolicy, StorageType } from 'nats';

/** Creates the events stream if it is missing; safe to call from every service at start. */
export async function ensureEventsStream(nc: NatsConnection): Promise<JetStreamManager> {
  const jsm = await nc.jetstreamManager();
  try {
    await jsm.streams.info(EVENTS_STREAM);
  } catch {
    try {
      await jsm.streams.add({
        name: EVENTS_STREAM,
        subjects: [`${EVENTS_SUBJECT_PREFIX}>`],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        duplicate_window: 2 * 60 * 1_000_000_000,
        max_age: 30 * 24 * 60 * 60 * 1_000_000_000,
      });
    } catch (error) {
      // Another service may have created it between our two calls.
      await jsm.streams.info(EVENTS_STREAM).catch(() => {
        throw error;
      });
    }
  }
  return jsm;
}
