import { natsConnectOptions } from '@km/nest-kit';
import { loopbackNatsCluster } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { PORTS } from './config';
import { infraUrls, natsClusterPorts } from './infra';

// The fault stack's bus (ADR 0075): three servers clustered on loopback, every service given all three.

test('the fault stack cluster: clients on the test NATS port and the two after it, routes on the three after those, every member routed to all', () => {
  const ports = natsClusterPorts(PORTS.test);
  assert.deepEqual(ports, { client: [4233, 4234, 4235], monitor: [8233, 8234, 8235], cluster: [4236, 4237, 4238] });
  const members = loopbackNatsCluster('/data/nats', ports.client, ports.cluster, (i) => ['-m', String(ports.monitor[i])]);
  assert.deepEqual(
    members.map((m) => [m.name, m.clientPort]),
    [
      ['nats-0', 4233],
      ['nats-1', 4234],
      ['nats-2', 4235],
    ],
  );
  const flag = (args: string[], name: string) => args[args.indexOf(name) + 1];
  for (const [i, { args }] of members.entries()) {
    assert.equal(flag(args, '-m'), String(8233 + i), 'the extra arguments come with each member');
    assert.equal(flag(args, '-sd'), `/data/nats/nats-${i}`, 'each member its own JetStream store');
    assert.equal(flag(args, '--cluster'), `nats://127.0.0.1:${4236 + i}`);
    assert.equal(flag(args, '--routes'), 'nats://127.0.0.1:4236,nats://127.0.0.1:4237,nats://127.0.0.1:4238');
    assert.equal(flag(args, '--cluster_name'), 'kingdom');
  }
});

test("a service's NATS_URL on the cluster lists the three servers with its own credentials; the kit connects to all three as that user", () => {
  const urls = infraUrls(PORTS.test, { orders: 'pw' }, natsClusterPorts(PORTS.test).client);
  assert.equal(urls.natsUrlAs('orders'), 'nats://orders:pw@127.0.0.1:4233,nats://orders:pw@127.0.0.1:4234,nats://orders:pw@127.0.0.1:4235');
  assert.deepEqual(natsConnectOptions(urls.natsUrlAs('orders'), 'orders'), {
    servers: ['nats://127.0.0.1:4233', 'nats://127.0.0.1:4234', 'nats://127.0.0.1:4235'],
    name: 'orders',
    user: 'orders',
    pass: 'pw',
    inboxPrefix: '_INBOX.orders',
  });
  // one server (dev, the integration and browser stacks) as before
  assert.equal(infraUrls(PORTS.test, { orders: 'pw' }).natsUrlAs('orders'), 'nats://orders:pw@127.0.0.1:4233');
});
