import assert from 'node:assert/strict';
import { randomInt, randomUUID } from 'node:crypto';
import { ADMIN, Client, redisProxy, startHarness, type Harness } from './gateway-harness';

const PER_ADDRESS = 30;
const SLOWDOWN_AFTER = 3;
const SLOWDOWN_MAX_MS = 1500;
const ADDRESS_MESSAGE = /^Too many sign-in or registration attempts from this address\. Please try again in 15 minutes\.$/;
const PAIR_MESSAGE = 'Too many failed login attempts. Please try again in 15 minutes.';

let h: Harness;
let proxy: Awaited<ReturnType<typeof redisProxy>>;

beforeAll(async () => {
  proxy = await redisProxy();
  // Each visitor gets an address of its own (X-Forwarded-For behind one trusted proxy); the slow-down is tightened
  // so it shows within a few attempts.
  h = await startHarness({
    catalog: {},
    gateway: {
      REDIS_URL: proxy.url,
      TRUST_PROXY: '1',
      RATE_LIMIT_PER_MINUTE: '100000',
      // A burst of 30 argon2 checks queues in identity; the default 1.5 s could end it with 503s on a busy machine.
      RPC_TIMEOUT_MS: '8000',
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: String(PER_ADDRESS),
      LOGIN_SLOWDOWN_AFTER_FAILURES: String(SLOWDOWN_AFTER),
      LOGIN_SLOWDOWN_MAX_MS: String(SLOWDOWN_MAX_MS),
    },
  });
});
afterAll(async () => {
  await h.stop();
});

// Addresses drawn at random for each run: the budgets live in Redis, which other test files share.
let nextAddress = randomInt(1, 2 ** 24 - 10_000);
const freshAddress = () => {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
const from = (ip = freshAddress()) => new Client(h.gateway, { 'x-forwarded-for': ip });
const login = (client: Client, username: string, password: string) => client.post('/api/auth/login', { username, password });
const unique = (prefix = 'user') => `${prefix}_${randomUUID().slice(0, 8)}`;
const statuses = (replies: { status: number }[]) => replies.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe('sign-in throttles under bursts', () => {
  test('50 parallel wrong passwords for admin from one address: exactly 5 reach the password check (401), 45 get 429; the admin still signs in from another address', async () => {
    const attacker = freshAddress();
    const replies = await Promise.all(Array.from({ length: 50 }, () => login(from(attacker), ADMIN.username, 'guess-123')));
    assert.deepEqual(statuses(replies), { 401: 5, 429: 45 });
    for (const res of replies.filter((r) => r.status === 429)) {
      assert.equal(res.body.code, 'rate_limited');
      assert.ok(res.body.message === PAIR_MESSAGE || ADDRESS_MESSAGE.test(res.body.message), res.body.message);
    }
    // Even the right password is refused from the attacked address: the slot is reserved before the check.
    assert.equal((await login(from(attacker), ADMIN.username, ADMIN.password)).status, 429);
    const admin = await login(from(), ADMIN.username, ADMIN.password);
    assert.equal(admin.status, 200);
    assert.equal(admin.body.user.username, 'admin');
  });

  test('password spraying: one address trying 40 usernames in parallel gets 30 answers, then 429 naming the address, even for a right password', async () => {
    const sprayer = freshAddress();
    const replies = await Promise.all(Array.from({ length: 40 }, () => login(from(sprayer), unique('ghost'), 'password-123')));
    assert.deepEqual(statuses(replies), { 401: PER_ADDRESS, 429: 40 - PER_ADDRESS });
    for (const res of replies.filter((r) => r.status === 429)) assert.match(res.body.message, ADDRESS_MESSAGE);
    const right = await login(from(sprayer), ADMIN.username, ADMIN.password);
    assert.equal(right.status, 429);
    assert.match(right.body.message, ADDRESS_MESSAGE);
    assert.ok(Number(right.headers.get('retry-after')) > 800);
  });

  test('registrations from a visitor spend the same per-address budget as failed sign-ins', async () => {
    const ip = freshAddress();
    for (let i = 0; i < PER_ADDRESS - 1; i++) assert.equal((await login(from(ip), unique('ghost'), 'password-123')).status, 401);
    assert.equal((await from(ip).post('/api/auth/register', { username: unique(), password: 'password-123', email: `${unique()}@example.com` })).status, 202);
    const refused = await from(ip).post('/api/auth/register', { username: unique(), password: 'password-123', email: `${unique()}@example.com` });
    assert.equal(refused.status, 429);
    assert.match(refused.body.message, ADDRESS_MESSAGE);
  });

  test('failures for one username across many addresses slow each new attempt down (capped), never refuse it, and skip an address that signed in as that user', async () => {
    const username = unique();
    const admin = from();
    assert.equal((await login(admin, ADMIN.username, ADMIN.password)).status, 200);
    assert.equal((await admin.post('/api/auth/register', { username, password: 'password-123' })).status, 201);
    const home = freshAddress();
    assert.equal((await login(from(home), username, 'password-123')).status, 200);

    // Eight guesses, each from a new address: all reach the password check; from the fourth on they wait.
    for (let i = 0; i < 8; i++) assert.equal((await login(from(), username, 'wrong-password')).status, 401);

    const stranger = await timed(() => login(from(), username, 'password-123'));
    assert.equal(stranger.value.status, 200);
    assert.ok(stranger.ms >= SLOWDOWN_MAX_MS - 50, `a new address waited only ${Math.round(stranger.ms)} ms`);
    const owner = await timed(() => login(from(home), username, 'password-123'));
    assert.equal(owner.value.status, 200);
    assert.ok(owner.ms < SLOWDOWN_MAX_MS - 500, `the user's own address waited ${Math.round(owner.ms)} ms`);
  });
});

describe('private responses are not cached', () => {
  test('/api/auth/me answers Cache-Control: no-store, signed in and signed out; a public product list does not', async () => {
    const admin = from();
    assert.equal((await login(admin, ADMIN.username, ADMIN.password)).status, 200);
    const me = await admin.get('/api/auth/me');
    assert.equal(me.status, 200);
    assert.equal(me.headers.get('cache-control'), 'no-store');
    assert.equal((await from().get('/api/auth/me')).headers.get('cache-control'), 'no-store');
    const products = await from().get('/api/products');
    assert.equal(products.status, 200);
    assert.equal(products.headers.get('cache-control'), null);
  });
});

// Runs last: cuts the gateway off from Redis for good.
describe('without Redis', () => {
  test('sign-in and registration answer 503 with a message, a product read still answers 200, and /ready names redis without the error text', async () => {
    await proxy.cut();
    const signIn = await login(from(), ADMIN.username, ADMIN.password);
    assert.equal(signIn.status, 503);
    assert.deepEqual(signIn.body, { statusCode: 503, code: 'unavailable', message: 'Sign-in is temporarily unavailable. Please try again in a few minutes.' });
    const register = await from().post('/api/auth/register', { username: unique(), password: 'password-123', email: `${unique()}@example.com` });
    assert.equal(register.status, 503);
    assert.deepEqual(register.body, {
      statusCode: 503,
      code: 'unavailable',
      message: 'Registration is temporarily unavailable. Please try again in a few minutes.',
    });

    assert.equal((await from().get('/api/products')).status, 200);

    const ready = await from().get('/ready');
    assert.equal(ready.status, 503);
    assert.deepEqual(ready.body.error, { redis: { status: 'down', reason: 'redis is not answering' } });
    assert.deepEqual(ready.body.details.nats, { status: 'up' });
    assert.doesNotMatch(JSON.stringify(ready.body), /writeable|ECONNREFUSED|127\.0\.0\.1|Connection is closed/i);
  });
});
