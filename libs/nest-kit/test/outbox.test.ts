import { EVENTS_STREAM, eventSubject, type EventEnvelope } from '@km/contracts';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { openDataSource, postgresOptions } from '../src/database/database';
import { consumeAnyEvents } from '../src/outbox/event-consumer';
import { ensureEventsStream } from '../src/outbox/jetstream';
import { recordAnyEvent } from '../src/outbox/outbox';
import { HandledEvent, OutboxEvent } from '../src/outbox/outbox-event.entity';
import { CreateOutboxTables1763700000000 } from '../src/outbox/outbox.migration';
import { natsConnectOptions } from '../src/nats/nats-connection';
import { OutboxRelay } from '../src/outbox/outbox-relay';
import { testServers } from '../src/testing/config';
import { eventually } from '../src/testing/start-app';
import { createTestDatabase, type TestDatabase } from '../src/testing/test-database';

const logger = pino({ level: 'silent' });
let db: TestDatabase;
let dataSource: DataSource;
let nc: NatsConnection;

beforeAll(async () => {
  db = await createTestDatabase('outbox');
  dataSource = await openDataSource(postgresOptions({ url: db.url, entities: [OutboxEvent, HandledEvent], migrations: [CreateOutboxTables1763700000000] }));
  await dataSource.query('CREATE TABLE effects (event_id uuid NOT NULL)');
  nc = await connect(natsConnectOptions(testServers().KM_TEST_NATS_URL, 'test-inspector'));
  await ensureEventsStream(nc);
});

afterAll(async () => {
  await nc.drain();
  await dataSource.destroy();
  await db.drop();
});

/** How many messages the stream holds on one subject. */
async function countOnSubject(type: string): Promise<number> {
  const jsm = await nc.jetstreamManager();
  const info = await jsm.streams.info(EVENTS_STREAM, { subjects_filter: eventSubject(type) });
  return info.state.subjects?.[eventSubject(type)] ?? 0;
}

const uniqueType = () => `test.thing${randomUUID().slice(0, 8)}.happened`;

test('a committed event is published once, with the event id as Nats-Msg-Id, and marked published', async () => {
  const type = uniqueType();
  const id = await dataSource.transaction((m) => recordAnyEvent(m, type, { thingId: 't1' }));
  const relay = new OutboxRelay({ dataSource, nc, logger });
  assert.equal(await relay.publishPending(), 1);
  assert.equal(await countOnSubject(type), 1);
  const jsm = await nc.jetstreamManager();
  const stored = await jsm.streams.getMessage(EVENTS_STREAM, { last_by_subj: eventSubject(type) });
  assert.equal(stored.header?.get('Nats-Msg-Id'), id);
  const envelope = stored.json<EventEnvelope>();
  assert.deepEqual({ id: envelope.id, type: envelope.type, data: envelope.data }, { id, type, data: { thingId: 't1' } });
  const [row] = await dataSource.query('SELECT published_at FROM outbox WHERE id = $1', [id]);
  assert.ok(row.published_at instanceof Date);
  assert.equal(await relay.publishPending(), 0);
});

test('an event from a rolled-back transaction is never published', async () => {
  const type = uniqueType();
  await assert.rejects(
    dataSource.transaction(async (m) => {
      await recordAnyEvent(m, type, {});
      throw new Error('business rule failed');
    }),
  );
  await new OutboxRelay({ dataSource, nc, logger }).publishPending();
  assert.equal(await countOnSubject(type), 0);
});

test('a relay that dies after publishing but before marking is restarted and the stream still holds the event once', async () => {
  const type = uniqueType();
  const id = await dataSource.transaction((m) => recordAnyEvent(m, type, { n: 1 }));
  const crashing = new OutboxRelay({
    dataSource,
    nc,
    logger,
    afterPublish: () => {
      throw new Error('process killed');
    },
  });
  await assert.rejects(crashing.publishPending(), /process killed/);
  assert.equal(await countOnSubject(type), 1);
  const [pending] = await dataSource.query('SELECT published_at FROM outbox WHERE id = $1', [id]);
  assert.equal(pending.published_at, null);

  const restarted = new OutboxRelay({ dataSource, nc, logger });
  await restarted.start();
  await eventually(async () => (await dataSource.query('SELECT published_at FROM outbox WHERE id = $1', [id]))[0].published_at);
  await restarted.stop();
  assert.equal(await countOnSubject(type), 1);
});

test('a durable consumer handles an event once even when it is delivered five times', async () => {
  const type = uniqueType();
  const durable = `test_${randomUUID().slice(0, 8)}`;
  const seen: string[] = [];
  const consumer = consumeAnyEvents({
    durable,
    types: [type],
    dataSource,
    nc,
    logger,
    handle: async (event, manager) => {
      seen.push(event.id);
      await manager.query('INSERT INTO effects (event_id) VALUES ($1)', [event.id]);
    },
  });
  await consumer.start();
  const envelope: EventEnvelope = { id: randomUUID(), type, occurredAt: new Date().toISOString(), data: {} };
  const js = nc.jetstream();
  // Five deliveries of one event (no msgID, so JetStream keeps all five), as a retrying publisher would cause.
  await Promise.all(Array.from({ length: 5 }, () => js.publish(eventSubject(type), JSON.stringify(envelope))));
  const jsm = await nc.jetstreamManager();
  const [name] = consumer.consumerNames();
  await eventually(async () => {
    const info = await jsm.consumers.info(EVENTS_STREAM, name);
    return info.delivered.consumer_seq >= 5 && info.num_ack_pending === 0 && info.num_pending === 0;
  });
  await consumer.stop();
  assert.deepEqual(seen, [envelope.id]);
  const effects = await dataSource.query('SELECT count(*)::int AS n FROM effects WHERE event_id = $1', [envelope.id]);
  assert.equal(effects[0].n, 1);
  await jsm.consumers.delete(EVENTS_STREAM, name);
});

test('a durable consumer is created with the ack wait it is given (an unacked event comes again after it), 30 s by default', async () => {
  const jsm = await nc.jetstreamManager();
  const ackWait = async (ackWaitMs?: number) => {
    const consumer = consumeAnyEvents({
      durable: `test_${randomUUID().slice(0, 8)}`,
      types: [uniqueType()],
      dataSource,
      nc,
      logger,
      ackWaitMs,
      handle: async () => undefined,
    });
    await consumer.start();
    const [name] = consumer.consumerNames();
    const info = await jsm.consumers.info(EVENTS_STREAM, name);
    await consumer.stop();
    await jsm.consumers.delete(EVENTS_STREAM, name);
    return info.config.ack_wait;
  };
  assert.equal(await ackWait(5000), 5_000_000_000);
  assert.equal(await ackWait(), 30_000_000_000);
});

test('a handler failure rolls back and the redelivered event is handled once it succeeds', async () => {
  const type = uniqueType();
  const durable = `test_${randomUUID().slice(0, 8)}`;
  let attempts = 0;
  const consumer = consumeAnyEvents({
    durable,
    types: [type],
    dataSource,
    nc,
    logger,
    handle: async (event, manager) => {
      attempts += 1;
      await manager.query('INSERT INTO effects (event_id) VALUES ($1)', [event.id]);
      if (attempts === 1) throw new Error('transient failure');
    },
  });
  await consumer.start();
  const envelope: EventEnvelope = { id: randomUUID(), type, occurredAt: new Date().toISOString(), data: {} };
  await nc.jetstream().publish(eventSubject(type), JSON.stringify(envelope), { msgID: envelope.id });
  await eventually(async () => (await dataSource.query('SELECT count(*)::int AS n FROM effects WHERE event_id = $1', [envelope.id]))[0].n === 1, 10_000);
  await consumer.stop();
  assert.equal(attempts, 2);
  const handled = await dataSource.query('SELECT count(*)::int AS n FROM handled_events WHERE consumer = $1 AND event_id = $2', [durable, envelope.id]);
  assert.equal(handled[0].n, 1);
  await (await nc.jetstreamManager()).consumers.delete(EVENTS_STREAM, consumer.consumerNames()[0]);
});

test('on one NATS server the EVENTS stream keeps the 1 copy NATS_STREAM_REPLICAS defaults to (ADR 0070)', async () => {
  const jsm = await ensureEventsStream(nc, 1);
  assert.equal((await jsm.streams.info(EVENTS_STREAM)).config.num_replicas, 1);
});
