import { eventually } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { CatalogReadModelService } from '../src/catalog/catalog-read-model.service';
import { Client, redisProxy, startGatewayReplica, startHarness, type Harness } from './gateway-harness';

// What every gateway request passes before its route (ADR 0012, ADR 0020): the security headers, worked out
// once at start; the per-address API budget, decided in memory and shared through Redis in batches.

const LIMIT = 100;
const BATCH = 5;
const LIMITS = { TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: String(LIMIT), RATE_LIMIT_SYNC_BATCH: String(BATCH) };

/** The headers helmet set on every answer before they were precomputed (@fastify/helmet 13, helmet 8.3). */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;style-src 'self' 'unsafe-inline';" +
    "img-src 'self' data: blob: https://*.stripe.com https://js.stripe.com;media-src 'self' blob:;font-src 'self' data:;" +
    "connect-src 'self' https://api.stripe.com https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;" +
    "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;frame-ancestors 'none';object-src 'none';base-uri 'self';form-action 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

let h: Harness;
let replica: INestApplication;
let cutOff: INestApplication;
let proxy: Awaited<ReturnType<typeof redisProxy>>;

beforeAll(async () => {
  h = await startHarness({ catalog: {}, gateway: LIMITS });
  replica = await startGatewayReplica(LIMITS);
  proxy = await redisProxy();
  cutOff = await startGatewayReplica({ ...LIMITS, REDIS_URL: proxy.url });
  await eventually(async () => h.gateway.get(CatalogReadModelService).isReady);
});
afterAll(async () => {
  await cutOff?.close();
  await replica?.close();
  await h.stop();
});

// Addresses drawn at random for each run: the counts live in Redis, which other test files and runs share.
let nextAddress = randomInt(1, 2 ** 24 - 10_000);
const freshAddress = () => {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
const CHEAP = '/api/config/podcast';

/** Counts are per clock minute: a burst that straddled two minutes would get two budgets, so wait for a fresh one. */
async function awayFromMinuteEnd() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((r) => setTimeout(r, left + 50));
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('security headers, computed once', () => {
  test('an API answer, a catalog copy page, a 404 and the SPA carry exactly the headers helmet set per request before', async () => {
    const client = new Client(h.gateway, { 'x-forwarded-for': freshAddress() });
    const answers = {
      api: await client.get(CHEAP),
      copy: await client.get('/api/products?page=1&pageSize=12&sort=featured'),
      missing: await client.get('/api/no-such-thing'),
      spa: await client.get('/products'),
    };
    assert.equal(answers.copy.headers.get('etag')?.startsWith('"'), true, 'the page came from the catalog copy');
    for (const [what, res] of Object.entries(answers)) {
      const security = Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, res.headers.get(name)]));
      assert.deepEqual(security, SECURITY_HEADERS, what);
      assert.equal(res.headers.get('strict-transport-security'), null, `${what}: no HSTS over plain http`);
    }
  });
});

describe('the per-address API budget', () => {
  test(`one gateway admits exactly ${LIMIT} requests from an address in a minute; the rest get 429 with Retry-After and a message; another address is unaffected`, async () => {
    await awayFromMinuteEnd();
    const address = freshAddress();
    const client = new Client(h.gateway, { 'x-forwarded-for': address });
    const replies = await Promise.all(Array.from({ length: LIMIT + 30 }, () => client.get(CHEAP)));
    const statuses = replies.map((r) => r.status);
    assert.deepEqual([count(statuses, 200), count(statuses, 429)], [LIMIT, 30]);
    const refused = replies.find((r) => r.status === 429)!;
    const retry = Number(refused.headers.get('retry-after'));
    assert.ok(retry >= 1 && retry <= 60, `Retry-After ${retry}`);
    assert.deepEqual(refused.body, { statusCode: 429, code: 'rate_limited', message: `Too many requests. Please wait ${retry} seconds and try again.` });
    const remaining = replies.filter((r) => r.status === 200).map((r) => Number(r.headers.get('ratelimit-remaining')));
    assert.deepEqual(
      remaining.sort((a, b) => a - b),
      Array.from({ length: LIMIT }, (_, i) => i),
    );
    assert.equal((await new Client(h.gateway, { 'x-forwarded-for': freshAddress() }).get(CHEAP)).status, 200);
  });

  test(`two gateways sharing one Redis together admit at least ${LIMIT} and at most ${LIMIT} + 2 × ${BATCH} − 1 requests from one address in a minute`, async () => {
    await awayFromMinuteEnd();
    const address = freshAddress();
    const clients = [new Client(h.gateway, { 'x-forwarded-for': address }), new Client(replica, { 'x-forwarded-for': address })];
    const statuses: number[] = [];
    // Waves of 20 in parallel, half to each replica, so both keep admitting while the other's counts reach Redis.
    for (let wave = 0; wave < 15; wave++) {
      const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => clients[i % 2].get(CHEAP)));
      statuses.push(...replies.map((r) => r.status));
    }
    const admitted = count(statuses, 200);
    assert.equal(admitted + count(statuses, 429), 300);
    assert.ok(admitted >= LIMIT && admitted <= LIMIT + 2 * BATCH - 1, `admitted ${admitted}`);
    // Neither replica can have admitted more than the bound without refusing, and a refusal lasts the window.
    for (const client of clients) assert.equal((await client.get(CHEAP)).status, 429);
  });

  test('cut off from Redis, a gateway lets requests through (fails open) and still holds each address to the limit on its own', async () => {
    await awayFromMinuteEnd();
    await proxy.cut();
    const client = new Client(cutOff, { 'x-forwarded-for': freshAddress() });
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 10; i++) statuses.push((await client.get(CHEAP)).status);
    assert.deepEqual(statuses, [...Array(LIMIT).fill(200), ...Array(10).fill(429)]);
  });
});
