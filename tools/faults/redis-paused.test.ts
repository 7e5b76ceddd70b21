import assert from 'node:assert/strict';
import { note, pidOf, Session, signedInAdmin, stack, waitUntil } from './stack';

/**
 * Redis down: Redis frozen with kill -STOP (a partition: the connection stays open, nothing answers). The
 * gateway's `/ready` says so, API reads go through (rate limits fail open) and sign-in refuses with 503 (fails
 * closed), as ADR 0012 decided; each within a bound, never a hang. After kill -CONT everything answers again.
 */

const gatewayReady = async () => {
  const started = Date.now();
  const res = await fetch(`${stack.gatewayUrl}/ready`, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: (await res.json()) as { message?: string }, ms: Date.now() - started };
};

describe('Redis frozen (kill -STOP), then thawed', () => {
  test('/ready says Redis is not answering, reads pass, sign-in answers 503 with a message, all within 3 s; all back after kill -CONT', async () => {
    const admin = await signedInAdmin();
    const visitor = new Session();
    const redis = pidOf('redis');
    process.kill(redis, 'SIGSTOP');
    try {
      const readyDuring = await gatewayReady();
      const read = await visitor.get('/api/products');
      const signIn = await visitor.post('/api/auth/login', stack.admin);
      const adminRead = await admin.get('/api/orders');
      note(
        'redis down',
        `Redis frozen (kill -STOP): /ready ${readyDuring.status} in ${readyDuring.ms} ms; GET /api/products ${read.status} in ${read.ms} ms; ` +
          `sign-in ${signIn.status} in ${signIn.ms} ms; admin GET /api/orders ${adminRead.status} in ${adminRead.ms} ms`,
      );
      assert.equal(readyDuring.status, 503);
      assert.equal(readyDuring.body.message, 'Not ready: redis is not answering.');
      assert.equal(read.status, 200, 'the API limit fails open');
      assert.equal(adminRead.status, 200, 'a signed-in admin keeps working: sessions do not live in Redis');
      assert.equal(signIn.status, 503, 'sign-in fails closed');
      assert.deepEqual(signIn.body, {
        statusCode: 503,
        code: 'unavailable',
        message: 'Sign-in is temporarily unavailable. Please try again in a few minutes.',
      });
      for (const [what, ms] of [
        ['/ready', readyDuring.ms],
        ['read', read.ms],
        ['sign-in', signIn.ms],
        ['admin read', adminRead.ms],
      ] as const)
        assert.ok(ms < 3000, `${what} took ${ms} ms with Redis frozen: it must not wait on Redis`);
    } finally {
      process.kill(redis, 'SIGCONT');
    }
    await waitUntil('the gateway is ready again', async () => (await gatewayReady()).status === 200, 15_000);
    assert.equal((await new Session().post('/api/auth/login', stack.admin)).status, 200);
  });
});
