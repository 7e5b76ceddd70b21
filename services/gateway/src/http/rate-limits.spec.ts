import assert from 'node:assert/strict';
import { AppError } from '@km/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { loadGatewayConfig } from '../config';
import { RateLimits } from './rate-limits';

/**
 * The Redis commands RateLimits uses, on one in-memory map, as the unit specs' other Redis doubles are
 * (address-budget.spec.ts): rate-limiter-flexible's increment script (`rlflxIncr`: SET NX EX, INCRBY, PTTL), its
 * MULTI, DEL, EXISTS and SET EX, and the API budget's pipelined INCRBY + PEXPIRE. Expiry is not modelled: every
 * test runs well inside one window.
 */
function memoryRedis() {
  const values = new Map<string, number>();
  const incr = (key: string, by: number) => {
    values.set(key, (values.get(key) ?? 0) + by);
    return values.get(key)!;
  };
  const chain = () => {
    const ops: (() => unknown)[] = [];
    const commands = {
      incrby(key: string, by: number) {
        ops.push(() => incr(key, Number(by)));
        return commands;
      },
      pexpire() {
        ops.push(() => 1);
        return commands;
      },
      pttl() {
        ops.push(() => 60_000);
        return commands;
      },
      get(key: string) {
        ops.push(() => (values.has(key) ? String(values.get(key)) : null));
        return commands;
      },
      set(key: string, value: number) {
        ops.push(() => values.set(key, Number(value)) && 'OK');
        return commands;
      },
      async exec() {
        await new Promise((resolve) => setImmediate(resolve));
        return ops.map((op) => [null, op()] as [null, unknown]);
      },
    };
    return commands;
  };
  const redis = {
    defineCommand() {},
    async rlflxIncr([key, points, seconds]: string[]) {
      return [incr(key, Number(points)), Number(seconds) * 1000];
    },
    multi: chain,
    pipeline: chain,
    async del(key: string) {
      return values.delete(key) ? 1 : 0;
    },
    async exists(key: string) {
      return values.has(key) ? 1 : 0;
    },
    async set(key: string) {
      values.set(key, 1);
      return 'OK';
    },
  };
  return { redis: redis as unknown as Redis, keys: () => [...values.keys()] };
}

const config = loadGatewayConfig({
  LOGIN_MAX_FAILURES: '2',
  LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '3',
  RATE_LIMIT_FORMS_PER_HOUR: '2',
  RATE_LIMIT_PER_MINUTE: '3',
  RATE_LIMIT_SYNC_BATCH: '1',
});

let limits: RateLimits;
let redis: ReturnType<typeof memoryRedis>;
beforeEach(() => {
  redis = memoryRedis();
  limits = new RateLimits(redis.redis, config);
});
afterEach(async () => {
  await limits.onModuleDestroy();
});

/** The 429 code of a refused call, or 'allowed'. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'allowed';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

/** One failed sign-in as `username` from `address`: reserved, then settled as a failure. */
async function failedSignIn(username: string, address: string): Promise<string> {
  return outcome(limits.reserveLogin(username, address).then((attempt) => attempt.failed()));
}

/** One `/api` request from `ip` through the API limit's hook: its status (200 when the hook lets it through). */
function apiRequest(ip: string): Promise<number> {
  return new Promise((resolve) => {
    let status = 200;
    const reply = {
      raw: { setHeader: () => undefined },
      header: () => reply,
      status: (code: number) => ((status = code), reply),
      send: () => resolve(status),
    };
    limits.apiHook()({ ip, url: '/api/products' } as FastifyRequest, reply as unknown as FastifyReply, () => resolve(status));
  });
}

// Two addresses of one /64, one of a neighbouring /64, written as a client's socket shows them.
const HOME = ['2001:db8:0:1::1', '2001:db8:0:1:a:b:c:d'];
const HOME_LONG_FORM = '2001:0db8:0000:0001:ffff:ffff:ffff:ffff';
const NEIGHBOUR = '2001:db8:0:2::1';

describe('RateLimits keys every per-address budget on the IPv6 /64 (ADR 0012: the addresses of one network share one budget)', () => {
  test('sign-in: failures from two addresses of one /64 spend one budget; the next /64 has its own', async () => {
    assert.deepEqual(
      [await failedSignIn('ann', HOME[0]), await failedSignIn('bob', HOME[1]), await failedSignIn('cy', HOME_LONG_FORM), await failedSignIn('dee', HOME[0])],
      ['allowed', 'allowed', 'allowed', 'rate_limited'],
    );
    assert.equal(await failedSignIn('dee', NEIGHBOUR), 'allowed');
  });

  test('sign-in: the username + address pair counts the /64, so hopping addresses does not reset it', async () => {
    assert.deepEqual(
      [await failedSignIn('ann', HOME[0]), await failedSignIn('ann', HOME[1]), await failedSignIn('ann', HOME_LONG_FORM)],
      ['allowed', 'allowed', 'rate_limited'],
    );
    assert.equal(await failedSignIn('ann', NEIGHBOUR), 'allowed');
  });

  test('registration shares the /64 sign-in budget', async () => {
    assert.deepEqual(
      [
        await outcome(limits.consumeRegistration(HOME[0])),
        await failedSignIn('ann', HOME[1]),
        await outcome(limits.consumeRegistration(HOME_LONG_FORM)),
        await outcome(limits.consumeRegistration(HOME[1])),
      ],
      ['allowed', 'allowed', 'allowed', 'rate_limited'],
    );
    assert.equal(await outcome(limits.consumeRegistration(NEIGHBOUR)), 'allowed');
  });

  test('forms: one hourly budget per /64', async () => {
    assert.deepEqual(
      [
        await outcome(limits.consumeFormSubmission(HOME[0])),
        await outcome(limits.consumeFormSubmission(HOME[1])),
        await outcome(limits.consumeFormSubmission(HOME_LONG_FORM)),
      ],
      ['allowed', 'allowed', 'rate_limited'],
    );
    assert.equal(await outcome(limits.consumeFormSubmission(NEIGHBOUR)), 'allowed');
  });

  test('the API limit: one per-minute budget per /64', async () => {
    assert.deepEqual([await apiRequest(HOME[0]), await apiRequest(HOME[1]), await apiRequest(HOME_LONG_FORM), await apiRequest(HOME[1])], [200, 200, 200, 429]);
    assert.equal(await apiRequest(NEIGHBOUR), 200);
  });

  test('an IPv4 client seen through an IPv6 socket (::ffff:1.2.3.4, ::ffff:102:304) counts as 1.2.3.4, and no other IPv4 address shares it', async () => {
    assert.deepEqual(
      [
        await outcome(limits.consumeFormSubmission('1.2.3.4')),
        await outcome(limits.consumeFormSubmission('::ffff:1.2.3.4')),
        await outcome(limits.consumeFormSubmission('::ffff:102:304')),
      ],
      ['allowed', 'allowed', 'rate_limited'],
    );
    assert.equal(await outcome(limits.consumeFormSubmission('1.2.3.5')), 'allowed');
    assert.deepEqual(
      [
        await failedSignIn('ann', '::ffff:1.2.3.4'),
        await failedSignIn('bob', '1.2.3.4'),
        await failedSignIn('cy', '::FFFF:1.2.3.4'),
        await failedSignIn('dee', '1.2.3.4'),
      ],
      ['allowed', 'allowed', 'allowed', 'rate_limited'],
    );
    assert.deepEqual(
      [await apiRequest('::ffff:1.2.3.4'), await apiRequest('1.2.3.4'), await apiRequest('::ffff:102:304'), await apiRequest('1.2.3.4')],
      [200, 200, 200, 429],
    );
  });

  test('the keys name the network, never the whole IPv6 address', async () => {
    await limits.consumeFormSubmission(HOME[1]);
    await limits.consumeRegistration('::ffff:1.2.3.4');
    assert.deepEqual(redis.keys().sort(), ['rl:forms:2001:db8:0:1::/64', 'rl:login-ip:1.2.3.4']);
  });
});
