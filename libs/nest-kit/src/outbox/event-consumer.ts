import { EVENTS_STREAM, eventSubject, type EventEnvelope, type EventType, type TypedEvent } from '@km/contracts';
import { AckPolicy, DeliverPolicy, type ConsumerMessages, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { requestContext } from '../logging/request-context';
import { ensureEventsStream } from './jetstream';

export interface EventConsumerOptions<T extends EventType = EventType> {
  /** Durable consumer name; also the key under which handled ids are recorded. */
  durable: string;
  /** Event types of the contracts' `EventMap`, e.g. `OrdersEvents.paid`. */
  types: readonly T[];
  dataSource: DataSource;
  nc: NatsConnection;
  logger: Logger;
  /** Gets one of `types` with its payload typed; with several types, `switch (event.type)` narrows `event.data`. */
  handle: (event: TypedEvent<T>, manager: EntityManager) => Promise<void>;
  maxDeliver?: number;
  /** How long an unacked event waits before it is delivered again (set when the durable consumer is created); 30 s. */
  ackWaitMs?: number;
  /** Copies of the EVENTS stream when this consumer creates it (NATS_STREAM_REPLICAS, ADR 0070); 1. */
  streamReplicas?: number;
}

/** Options of {@link consumeAnyEvents}: any event type, untyped payloads. */
export interface AnyEventConsumerOptions extends Omit<EventConsumerOptions, 'types' | 'handle'> {
  types: readonly string[];
  handle: (event: EventEnvelope, manager: EntityManager) => Promise<void>;
}

/**
 * A durable JetStream consumer that handles each event at most once per consumer:
 * the event id is recorded in `handled_events` in the same transaction as the handler's
 * writes, and the message is acked only after that commit.
 */
export class EventConsumer<T extends EventType = EventType> {
  private readonly subscriptions: { messages: ConsumerMessages; loop: Promise<void> }[] = [];
  private readonly options: AnyEventConsumerOptions;

  constructor(options: EventConsumerOptions<T>) {
    // The stream is filtered on `types`, so what arrives is one of them, as its publisher recorded it.
    this.options = options as unknown as AnyEventConsumerOptions;
  }

  async start(): Promise<void> {
    const { nc, durable, types } = this.options;
    const jsm = await ensureEventsStream(nc, this.options.streamReplicas ?? 1);
    // One JetStream consumer per event type: NATS before 2.10 filters on a single subject only.
    for (const type of types) {
      const name = `${durable}__${type.replace(/[^A-Za-z0-9_-]/g, '_')}`;
      const exists = await jsm.consumers.info(EVENTS_STREAM, name).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await jsm.consumers.add(EVENTS_STREAM, {
          durable_name: name,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          filter_subject: eventSubject(type),
          ack_wait: (this.options.ackWaitMs ?? 30_000) * 1_000_000,
          max_deliver: this.options.maxDeliver ?? 20,
        });
      }
      const messages = await (await nc.jetstream().consumers.get(EVENTS_STREAM, name)).consume({ max_messages: 50 });
      this.subscriptions.push({ messages, loop: this.run(messages) });
    }
  }

  /** JetStream consumer names this instance uses (one per event type). */
  consumerNames(): string[] {
    return this.options.types.map((type) => `${this.options.durable}__${type.replace(/[^A-Za-z0-9_-]/g, '_')}`);
  }

  async stop(): Promise<void> {
    for (const s of this.subscriptions) await s.messages.close();
    await Promise.all(this.subscriptions.map((s) => s.loop));
    this.subscriptions.length = 0;
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

/** An {@link EventConsumer} outside the contracts' event map: for the kit's own tests, whose event types are made up per run. */
export function consumeAnyEvents(options: AnyEventConsumerOptions): EventConsumer {
  return new EventConsumer(options as unknown as EventConsumerOptions);
}
