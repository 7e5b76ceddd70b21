import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX } from '@km/contracts';
import type { JetStreamManager, NatsConnection } from 'nats';
import { RetentionPolicy, StorageType } from 'nats';

/**
 * Creates the events stream if it is missing, with `replicas` copies (NATS_STREAM_REPLICAS: 1 on one server, 3 on the
 * production cluster, ADR 0070); an existing stream with another count is brought to it (JetStream moves the copies
 * itself). Safe to call from every service at start.
 */
export async function ensureEventsStream(nc: NatsConnection, replicas = 1): Promise<JetStreamManager> {
  const jsm = await nc.jetstreamManager();
  const existing = await jsm.streams.info(EVENTS_STREAM).catch(() => undefined);
  if (existing) {
    if (existing.config.num_replicas !== replicas) await jsm.streams.update(EVENTS_STREAM, { ...existing.config, num_replicas: replicas });
    return jsm;
  }
  try {
    await jsm.streams.add({
      name: EVENTS_STREAM,
      subjects: [`${EVENTS_SUBJECT_PREFIX}>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      num_replicas: replicas,
      duplicate_window: 2 * 60 * 1_000_000_000,
      max_age: 30 * 24 * 60 * 60 * 1_000_000_000,
    });
  } catch (error) {
    // Another service may have created it between our two calls.
    await jsm.streams.info(EVENTS_STREAM).catch(() => {
      throw error;
    });
  }
  return jsm;
}
