// The EVENTS stream on a 3-node JetStream cluster, production's layout (ADR 0070): three Debian nats-server processes
// clustered on loopback, apart from the test stack's single server.
import { EVENTS_STREAM, eventSubject } from '@km/contracts';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { ensureEventsStream } from '../src/outbox/jetstream';
import { loopbackNatsCluster } from '../src/testing/nats-cluster';
import { eventually } from '../src/testing/start-app';

interface Member {
  name: string;
  clientPort: number;
  process: ChildProcess;
}

/** A port no one listens on now: the kernel's pick for port 0. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let dir: string;
let members: Member[] = [];
const connections: NatsConnection[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'km-nats-cluster-'));
  const ports = await Promise.all(Array.from({ length: 6 }, freePort));
  members = loopbackNatsCluster(dir, ports.slice(0, 3), ports.slice(3)).map(({ name, clientPort, args }) => ({
    name,
    clientPort,
    process: spawn('nats-server', args, { stdio: 'ignore' }),
  }));
  for (const member of members) {
    const nc = await eventually(() => connect({ servers: `nats://127.0.0.1:${member.clientPort}`, reconnect: false }).catch(() => undefined), 15_000, 100);
    connections.push(nc);
  }
  // JetStream answers once the three have elected a meta leader
  await eventually(
    () =>
      connections[0]
        .jetstreamManager()
        .then((jsm) => jsm.getAccountInfo())
        .catch(() => undefined),
    30_000,
    200,
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(connections.map((nc) => nc.close().catch(() => undefined)));
  for (const member of members) member.process.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

test('every service creating the stream at once with NATS_STREAM_REPLICAS=3 makes one stream with 3 copies, one per server', async () => {
  // each server's clients race, as the services do when the cluster's pods start together
  await Promise.all(connections.map((nc) => eventually(() => ensureEventsStream(nc, 3).catch(() => undefined), 20_000, 200)));
  const jsm = await connections[0].jetstreamManager();
  const info = await eventually(
    async () => {
      const current = await jsm.streams.info(EVENTS_STREAM);
      return current.cluster?.leader && (current.cluster.replicas ?? []).length === 2 ? current : undefined;
    },
    20_000,
    200,
  );
  assert.equal(info.config.num_replicas, 3);
  assert.deepEqual([info.cluster!.leader!, ...info.cluster!.replicas!.map((r) => r.name)].sort(), ['nats-0', 'nats-1', 'nats-2']);
  assert.deepEqual(await jsm.streams.names().next(), [EVENTS_STREAM]);
}, 60_000);

test('an existing 1-copy stream is brought to the 3 copies NATS_STREAM_REPLICAS asks, with its events', async () => {
  const jsm = await connections[0].jetstreamManager();
  await jsm.streams.delete(EVENTS_STREAM);
  await ensureEventsStream(connections[0], 1);
  await connections[0].jetstream().publish(eventSubject('test.cluster.kept'), new TextEncoder().encode('kept'));
  assert.equal((await jsm.streams.info(EVENTS_STREAM)).config.num_replicas, 1);
  await ensureEventsStream(connections[1], 3);
  const info = await eventually(
    async () => {
      const current = await jsm.streams.info(EVENTS_STREAM).catch(() => undefined);
      return current && (current.cluster?.replicas ?? []).filter((r) => r.current).length === 2 ? current : undefined;
    },
    20_000,
    200,
  );
  assert.equal(info.config.num_replicas, 3);
  assert.equal(info.state.messages, 1);
}, 60_000);

test('with its leader killed the stream still takes events and keeps the earlier ones (a node lost)', async () => {
  const type = 'test.cluster.happened';
  const before = await connections[0].jetstream().publish(eventSubject(type), new TextEncoder().encode('before'), { msgID: 'before' });
  const jsm = await connections[0].jetstreamManager();
  const held = (await jsm.streams.info(EVENTS_STREAM)).state.messages;
  const leader = (await jsm.streams.info(EVENTS_STREAM)).cluster!.leader!;
  const lost = members.findIndex((m) => m.name === leader);
  members[lost].process.kill('SIGKILL');
  await connections[lost].close().catch(() => undefined);
  const survivor = connections[(lost + 1) % 3];
  // a new leader is elected among the two left; the publish succeeds once it is
  const after = await eventually(
    () =>
      survivor
        .jetstream()
        .publish(eventSubject(type), new TextEncoder().encode('after'), { msgID: 'after', timeout: 1000 })
        .catch(() => undefined),
    30_000,
    250,
  );
  assert.equal(after.seq, before.seq + 1);
  // the API answers once the two left have a meta leader too (the killed server may have been it)
  const survivorJsm = await eventually(() => survivor.jetstreamManager().catch(() => undefined), 30_000, 250);
  const info = await eventually(() => survivorJsm.streams.info(EVENTS_STREAM).catch(() => undefined), 20_000, 250);
  assert.notEqual(info.cluster?.leader, leader);
  assert.equal(info.state.messages, held + 1, 'every earlier event and the new one');
  const first = await eventually(() => survivorJsm.streams.getMessage(EVENTS_STREAM, { seq: before.seq }).catch(() => undefined), 20_000, 250);
  assert.equal(new TextDecoder().decode(first.data), 'before');
}, 60_000);
