import { eventSubject, type EventEnvelope } from '@km/contracts';
import type { JetStreamClient, NatsConnection } from 'nats';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { ensureEventsStream } from './jetstream';

export interface OutboxRelayOptions {
  dataSource: DataSource;
  nc: NatsConnection;
  logger: Logger;
  /** Copies of the EVENTS stream when the relay creates it (NATS_STREAM_REPLICAS, ADR 0070); 1. */
  streamReplicas?: number;
  pollIntervalMs?: number;
  batchSize?: number;
  /** Test seam: runs after an event is published and before its row is marked. */
  afterPublish?: (eventId: string) => Promise<void> | void;
}

interface OutboxRow {
  id: string;
  type: string;
  data: unknown;
  occurred_at: Date;
}

/**
 * Publishes committed outbox rows to JetStream. The message id is the event id, so
 * a relay that dies between publishing and marking re-publishes into JetStream's
 * duplicate window and the stream still holds the event once.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private js: JetStreamClient | undefined;

  constructor(private readonly options: OutboxRelayOptions) {}

  async start(): Promise<void> {
    await ensureEventsStream(this.options.nc, this.options.streamReplicas ?? 1);
    this.js = this.options.nc.jetstream();
    this.stopped = false;
    this.schedule(0);
  }

  /** Publishes soon instead of waiting for the next poll; call after a commit that added events. */
  kick(): void {
    if (!this.stopped) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Publishes every pending row; returns how many were published. */
  async publishPending(): Promise<number> {
    const { dataSource, batchSize = 100, afterPublish } = this.options;
    const js = this.js ?? this.options.nc.jetstream();
    let total = 0;
    for (;;) {
      const published = await dataSource.transaction(async (manager) => {
        const rows: OutboxRow[] = await manager.query(
          `SELECT id, type, data, occurred_at FROM outbox WHERE published_at IS NULL
           ORDER BY occurred_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [batchSize],
        );
        for (const row of rows) {
          const envelope: EventEnvelope = { id: row.id, type: row.type, occurredAt: new Date(row.occurred_at).toISOString(), data: row.data };
          await js.publish(eventSubject(row.type), JSON.stringify(envelope), { msgID: row.id });
          await afterPublish?.(row.id);
        }
        if (rows.length > 0) {
          await manager.query(`UPDATE outbox SET published_at = now() WHERE id = ANY($1::uuid[])`, [rows.map((r) => r.id)]);
        }
        return rows.length;
      });
      total += published;
      if (published < batchSize) return total;
    }
  }

  private schedule(delayMs: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick() {
    if (this.stopped) return;
    if (this.running) return; // the running pass reschedules itself
    this.running = this.publishPending()
      .then(() => undefined)
      .catch((error: Error) => this.options.logger.warn({ err: error }, 'outbox relay pass failed; will retry'))
      .finally(() => {
        this.running = undefined;
        if (!this.stopped) this.schedule(this.options.pollIntervalMs ?? 500);
      });
  }
}
