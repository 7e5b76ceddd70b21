import { EVENTS_STREAM } from '@km/contracts';
import { natsConnectOptions } from '@km/nest-kit';
import assert from 'node:assert/strict';
import path from 'node:path';
import { connect } from 'nats';
import { httpOk, ProcessGroup, waitFor } from '../stack/processes';
import { CheckoutDrill } from './checkout-drill';
import { hold, note, pidOf, ready, release, Session, stack, waitUntil } from './stack';

/**
 * Checkout on replicas (ADR 0075): production's shape past one machine (ADR 0070) on loopback. The fault stack's bus is
 * 3 NATS servers with the EVENTS stream in 3 copies; this scenario starts a second replica of the gateway and of every
 * service (the same environment, their own HTTP port; NATS queue groups spread the RPCs over both). The buyer's
 * requests go to the two gateways in turn, as a load balancer would. While the checkout drill (checkout-drill.ts) runs,
 * kill -9 of the EVENTS stream's leader server, of one gateway and of one replica of every service, each kept down
 * until the checkouts are done: the survivors carry the load. Then the payments, while the other orders replica is
 * killed and kept down. Checked: the drill's checks (one order and one intent per order number, paid at its total,
 * stock exact, one email per paid order) and, on the stream, exactly one orders.order.placed and one orders.order.paid
 * per order: 0 lost, 0 duplicated.
 */

const drill = new CheckoutDrill(200, 20);
const SERVICES = Object.keys(stack.replicas);
const second = (name: string) => `${name}-2`;
/** The second replicas' names (`orders-2` …), beside the stack's processes (`orders`, `nats-2` …). */
const REPLICAS = new Map(SERVICES.map((name) => [second(name), name]));
const replicaPids = path.join(path.dirname(stack.pidFile), 'replicas.pids');
const replicas = new ProcessGroup(stack.logDir, replicaPids);
const held = new Set<string>();

beforeAll(() => drill.connect());
afterAll(async () => {
  for (const name of held) release(name);
  await replicas.stopAll();
  // the stack's processes this scenario killed are back before the next scenario
  await waitUntil('every service of the stack is ready', async () => (await Promise.all(SERVICES.map(ready))).every((status) => status === 200), 60_000);
  await drill.close();
});

/** The EVENTS stream as the cluster reports it: its leader, and its copies that are current. */
async function eventsStream(): Promise<{ leader: string; current: number }> {
  const nc = await connect(natsConnectOptions(stack.natsInspectorUrl, 'fault-inspector'));
  try {
    const info = await (await nc.jetstreamManager()).streams.info(EVENTS_STREAM);
    return { leader: info.cluster?.leader ?? '', current: 1 + (info.cluster?.replicas ?? []).filter((r) => r.current).length };
  } finally {
    await nc.close();
  }
}

/** kill -9 of a process of the stack or of this scenario's replicas, kept down (held) until {@link bringBack}. */
function killHeld(name: string): number {
  const pid = pidOf(name, REPLICAS.has(name) ? replicaPids : stack.pidFile);
  hold(name);
  held.add(name);
  process.kill(pid, 'SIGKILL');
  return pid;
}

/** Releases the held processes: each supervisor starts its own again, as a rescheduled pod; resolves once all are back. */
async function bringBack(): Promise<void> {
  const names = [...held];
  for (const name of names) release(name);
  held.clear();
  const port = (name: string) => (REPLICAS.has(name) ? stack.replicas[REPLICAS.get(name)!].port : stack.servicePorts[name]);
  await Promise.all(
    names
      .filter((name) => !stack.natsServers.includes(name))
      .map((name) => waitUntil(`${name} is ready again`, () => httpOk(`http://127.0.0.1:${port(name)}/ready`), 90_000)),
  );
  await waitUntil('the EVENTS stream has its 3 copies current again', async () => (await eventsStream()).current === 3, 90_000);
}

describe('checkout on replicas', () => {
  test(`${drill.checkouts} checkouts on two replicas of everything and 3 NATS servers, kill -9 of one NATS server, one gateway and one replica of each service: 0 orders or events lost, 0 duplicated`, async () => {
    const started = Date.now();
    // The second replicas, all at once (two pods of each Deployment).
    for (const name of SERVICES) {
      const { entry, env } = stack.replicas[name];
      // NODE_OPTIONS empty: the replica runs its built JavaScript as the stack's services do, without this suite's tsx loader
      replicas.start(second(name), process.execPath, [entry], { cwd: path.resolve(__dirname, '../..'), env: { ...env, NODE_OPTIONS: '' }, supervise: true });
    }
    await Promise.all(SERVICES.map((name) => waitFor(second(name), () => httpOk(`http://127.0.0.1:${stack.replicas[name].port}/ready`), 120_000)));
    const replicasUp = Date.now() - started;

    await drill.stockShelves();
    const load = drill.checkOut(new Session([stack.gatewayUrl, `http://127.0.0.1:${stack.replicas.gateway.port}`]));
    // The faults, one after another while checkouts are in flight; each killed process stays down until they are done.
    const leader = (await eventsStream()).leader;
    assert.ok(stack.natsServers.includes(leader), `the EVENTS stream's leader (${leader}) is one of the cluster's servers`);
    for (const [names, after] of [
      [[leader], 0.15],
      [['gateway'], 0.3],
      [['orders'], 0.45],
      [['catalog'], 0.55],
      [SERVICES.filter((name) => !['gateway', 'orders', 'catalog'].includes(name)), 0.65],
    ] as const) {
      const at = await drill.startedAtLeast(drill.checkouts * after);
      for (const name of names) drill.killed.push(`${name} (pid ${killHeld(name)}) at checkout ${at}`);
    }
    await load;
    const newLeader = (await eventsStream()).leader;
    await bringBack();

    // Pay every order while one orders replica is down (the other, restarted, takes Stripe's webhooks).
    const payments = drill.pay();
    const at = await drill.halfConfirmed();
    drill.killed.push(`${second('orders')} (pid ${killHeld(second('orders'))}) at payment ${at}`);
    await payments;
    await bringBack();

    const { checked, notOneEmail } = await drill.check();
    const events = await drill.orderEvents();
    const once = (counts: number[]) => counts.filter((n) => n === 1).length;
    note(
      'checkout on replicas',
      `2 replicas of ${SERVICES.length} services (second ones ready in ${(replicasUp / 1000).toFixed(1)} s), 3 NATS servers (stream leader ${leader}, then ${newLeader}); ` +
        `${drill.summary()}; checked: ${checked}; on the EVENTS stream ${once(events.placed)} orders with exactly one orders.order.placed and ` +
        `${once(events.paid)} with exactly one orders.order.paid (${events.placed.reduce((a, n) => a + n, 0)} and ${events.paid.reduce((a, n) => a + n, 0)} events); ` +
        `took ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    assert.deepEqual(notOneEmail, []);
    const numbers = [...drill.placed.values()].map((p) => p.orderNumber);
    assert.deepEqual(
      numbers.map((n, i) => `${n}: ${events.placed[i]} placed, ${events.paid[i]} paid`).filter((_line, i) => events.placed[i] !== 1 || events.paid[i] !== 1),
      [],
      'exactly one orders.order.placed and one orders.order.paid event per order',
    );
  });
});
