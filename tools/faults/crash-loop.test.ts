import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { note, pidOf, ready, signedInAdmin, stack, waitUntil, type Session } from './stack';

/**
 * Crash loops: the local stack's supervisor restarts a service that dies (as Kubernetes would), with a
 * backoff that grows while it keeps dying; meanwhile its `/ready` does not claim it is up and the gateway answers
 * 503 with a message, never a hang or a 500; afterwards the service is back by itself.
 */

const UNAVAILABLE = { statusCode: 503, code: 'unavailable', message: 'The orders service did not answer in time. Please try again in a moment.' };
const restartLines = () =>
  readFileSync(path.join(stack.logDir, 'orders.log'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('[supervisor]') && l.includes('orders exited (SIGKILL)'));

let admin: Session;
beforeAll(async () => {
  admin = await signedInAdmin();
});

describe('a service in a crash loop', () => {
  test('kill -9 six times in a row: restarts back off 0.25 → 4 s, the gateway answers 503 with a message meanwhile, orders comes back by itself', async () => {
    assert.equal((await admin.get('/api/orders')).status, 200);
    const linesBefore = restartLines().length;
    const pids: number[] = [];
    // Each new orders process is killed as soon as the supervisor starts it (before it subscribes): a crash loop.
    for (let kill = 0; kill < 6; kill++) {
      const pid = pidOf('orders');
      pids.push(pid);
      process.kill(pid, 'SIGKILL');
      if (kill < 5) await waitUntil(`the supervisor restarts orders (kill ${kill + 1})`, async () => pidOf('orders') !== pid, 30_000);
    }
    // The next start is 8 s away: longer than the gateway's 5 s request deadline.
    assert.equal(await ready('orders'), 'no answer', 'orders’ /ready must not answer while orders is down');
    const during = await admin.get('/api/orders');
    note('crash loop', `6 × kill -9 of orders (pids ${pids.join(', ')}); GET /api/orders meanwhile → ${during.status} in ${during.ms} ms`);
    assert.equal(during.status, 503);
    assert.deepEqual(during.body, UNAVAILABLE);
    assert.ok(during.ms < 7000, `the gateway took ${during.ms} ms: it must answer within its RPC deadline, not hang`);

    const back = await waitUntil('orders is ready again by itself', async () => (await ready('orders')) === 200, 60_000);
    assert.equal((await admin.get('/api/orders')).status, 200);
    const lines = restartLines().slice(linesBefore);
    note('crash loop', `orders ready again ${back} ms after the 6th kill; supervisor log:\n${lines.join('\n')}`);
    assert.deepEqual(
      lines.map((l) => l.match(/restarting in ([\d.]+) s/)?.[1]),
      ['0.25', '0.50', '1.00', '2.00', '4.00', '8.00'],
    );
  });

  test('kill -STOP orders: the gateway answers 503 with a message at its deadline, not a hang; after kill -CONT orders answers again', async () => {
    const pid = pidOf('orders');
    process.kill(pid, 'SIGSTOP');
    try {
      assert.equal(await ready('orders'), 'no answer', 'a frozen orders cannot say it is ready');
      const during = await admin.get('/api/orders');
      note('crash loop', `kill -STOP orders: GET /api/orders → ${during.status} in ${during.ms} ms`);
      assert.equal(during.status, 503);
      assert.deepEqual(during.body, UNAVAILABLE);
      assert.ok(during.ms < 7000, `the gateway took ${during.ms} ms`);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await waitUntil('orders answers after SIGCONT', async () => (await admin.get('/api/orders')).status === 200, 20_000);
    assert.equal(pidOf('orders'), pid, 'a frozen process is not restarted: it never exited');
  });
});
