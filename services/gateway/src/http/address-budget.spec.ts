import assert from 'node:assert/strict';
import type Redis from 'ioredis';
import { AddressBudget, type BudgetDecision } from './address-budget';

/**
 * Redis's INCRBY and PEXPIRE in a pipeline, as one shared map; each answer arrives after a random delay, so
 * replicas' syncs interleave as they would over a network. `down` makes every pipeline fail.
 */
function fakeRedis() {
  const values = new Map<string, number>();
  const state = { down: false, pipelines: 0 };
  const redis = {
    pipeline() {
      const ops: (() => [Error | null, unknown])[] = [];
      const pipeline = {
        incrby(key: string, by: number) {
          ops.push(() => {
            values.set(key, (values.get(key) ?? 0) + by);
            return [null, values.get(key)];
          });
          return pipeline;
        },
        pexpire() {
          ops.push(() => [null, 1]);
          return pipeline;
        },
        async exec() {
          state.pipelines++;
          await new Promise((r) => setTimeout(r, Math.random() * 3));
          if (state.down) throw new Error('Connection is closed.');
          return ops.map((op) => op());
        },
      };
      return pipeline;
    },
  };
  return { redis: redis as unknown as Redis, values, state };
}

const OPTIONS = { limit: 100, windowMs: 60_000, batch: 5, syncEveryMs: 1000, keyPrefix: 'rl:test' };
const budgets: AddressBudget[] = [];
const budget = (redis: Redis, now?: () => number, onError: (e: unknown) => void = () => undefined) => {
  const b = new AddressBudget(redis, OPTIONS, onError, now);
  budgets.push(b);
  return b;
};
afterEach(async () => {
  for (const b of budgets.splice(0)) await b.close();
});

const allowed = (decisions: BudgetDecision[]) => decisions.filter((d) => d.allowed).length;

describe('the per-address API budget (in memory, synced to Redis in batches)', () => {
  test('one replica admits exactly the limit, however the requests interleave with its syncs', async () => {
    const { redis, values } = fakeRedis();
    const one = budget(redis);
    const decisions = await Promise.all(Array.from({ length: 250 }, () => one.take('10.0.0.1')));
    assert.equal(allowed(decisions), 100);
    await one.flush();
    assert.deepEqual([...values.values()], [100]);
  });

  test('a request costs no Redis round trip until a replica is a whole batch ahead of Redis', async () => {
    const { redis, state } = fakeRedis();
    const one = budget(redis);
    for (let i = 0; i < OPTIONS.batch; i++) assert.ok(!(one.take('10.0.0.2') instanceof Promise));
    assert.equal(state.pipelines, 0);
    assert.ok(one.take('10.0.0.2') instanceof Promise);
  });

  test('three replicas sharing Redis together admit at least the limit and at most limit + 3 × batch − 1 (20 random runs)', async () => {
    for (let run = 0; run < 20; run++) {
      const { redis } = fakeRedis();
      const replicas = [budget(redis), budget(redis), budget(redis)];
      const decisions = await Promise.all(
        Array.from({ length: 400 }, async (_, i) => {
          await new Promise((r) => setTimeout(r, Math.random() * 20));
          return replicas[i % 3].take('10.0.0.3');
        }),
      );
      const n = allowed(decisions);
      assert.ok(n >= OPTIONS.limit && n <= OPTIONS.limit + 3 * OPTIONS.batch - 1, `run ${run}: admitted ${n}`);
    }
  });

  test('a refusal says how many seconds are left in the minute; the next minute starts the address afresh', async () => {
    const { redis } = fakeRedis();
    let now = 120_000 + 45_500; // 14.5 s before the minute ends
    const one = budget(redis, () => now);
    const decisions = await Promise.all(Array.from({ length: 101 }, () => one.take('10.0.0.4')));
    assert.deepEqual(decisions.at(-1), { allowed: false, retryAfterSeconds: 15 });
    now = 180_000;
    assert.deepEqual(await one.take('10.0.0.4'), { allowed: true, remaining: 99 });
  });

  test('without Redis a replica never waits for it, still holds the limit on its own, reports the outage once, and sends its counts when Redis is back', async () => {
    const { redis, values, state } = fakeRedis();
    const errors: unknown[] = [];
    const one = budget(redis, undefined, (e) => errors.push(e));
    state.down = true;
    // The first sync (after a batch) fails; from then on every decision is made at once.
    const first = await Promise.all(Array.from({ length: OPTIONS.batch + 1 }, () => one.take('10.0.0.5')));
    assert.equal(allowed(first), OPTIONS.batch + 1);
    const rest: BudgetDecision[] = [];
    for (let i = 0; i < 120 - first.length; i++) {
      const decision = one.take('10.0.0.5');
      assert.ok(!(decision instanceof Promise), 'decided without waiting for Redis');
      rest.push(decision);
    }
    assert.equal(allowed([...first, ...rest]), 100);
    assert.equal(errors.length, 1);
    state.down = false;
    await one.flush();
    assert.deepEqual([...values.values()], [100]);
  });
});
