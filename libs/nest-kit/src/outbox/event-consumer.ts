import { EVENTS_STREAM, eventSubject, type EventEnvelope } from '@km/contracts';
import { AckPolicy, DeliverPolicy, type ConsumerMessages, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { requestContext } from '../logging/request-context';
import { ensureEventsStream } from './jetstream';

export interface EventConsumerOptions {
  /** Durable consumer name; also the key under which handled ids are recorded. */
  durable: string;
  /** Event types, e.g. `orders.order.paid`. */
  types: string[];
  dataSource: DataSource;
  nc: NatsConnection;
  logger: Logger;
  handle: (event: EventEnvelope, manager: EntityManager) => Promise<void>;
  maxDeliver?: number;
}

/**
 * A durable JetStream consumer that handles each event at most once per consumer:
 * the event id is recorded in `handled_events` in the same transaction as the handler's
 * writes, and the message is acked only after that commit.
 */
export class EventConsumer {
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;

  constructor(private readonly options: EventConsumerOptions) {}

  async start(): Promise<void> {
    const { nc, durable, types } = this.options;
    const jsm = await ensureEventsStream(nc);
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subjects: types.map(eventSubject),
      ack_wait: 30 * 1_000_000_000,
      max_deliver: this.options.maxDeliver ?? 20,
    };
    try {
      await jsm.consumers.info(EVENTS_STREAM, durable);
      await jsm.consumers.update(EVENTS_STREAM, durable, { filter_subjects: config.filter_subjects });
    } catch {
      await jsm.consumers.add(EVENTS_STREAM, config);
    }
    const consumer = await nc.jetstream().consumers.get(EVENTS_STREAM, durable);
    this.messages = await consumer.consume({ max_messages: 50 });
    this.loop = this.run(this.messages);
  }

  async stop(): Promise<void> {
    await this.messages?.close();
    await this.loop;
  }

  /** Handles one envelope exactly once for this consumer; returns false when it was a duplicate. */
  async handleOnce(event: EventEnvelope): Promise<boolean> {
    return this.options.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO handled_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
        [this.options.durable, event.id],
      );
      if (inserted.length === 0) return false;
      await this.options.handle(event, manager);
      return true;
    });
  }

  private async run(messages: ConsumerMessages) {
    for await (const message of messages) {
      let event: EventEnvelope;
      try {
        event = message.json<EventEnvelope>();
      } catch {
        this.options.logger.error({ subject: message.subject }, 'dropping an event that is not JSON');
        message.term();
        continue;
      }
      try {
        await requestContext.run({ requestId: `event:${event.id}` }, () => this.handleOnce(event));
        message.ack();
      } catch (error) {
        this.options.logger.error({ err: error, eventId: event.id, type: event.type }, 'event handler failed; will be redelivered');
        message.nak(Math.min(30_000, 1000 * 2 ** Math.min(message.info.redeliveryCount, 5)));
      }
    }
  }
}
