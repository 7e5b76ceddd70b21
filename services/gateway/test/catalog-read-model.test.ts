import { CatalogSubjects, type CatalogItem } from '@km/contracts';
import { connectTestRpc, eventually } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { Client as Pg } from 'pg';
import { CatalogReadModelService } from '../src/catalog/catalog-read-model.service';
import { itemForm, png, productFields } from './catalog-fixtures';
import { ADMIN, Client, startGatewayReplica, startHarness, type Harness } from './gateway-harness';

/** The bound ADR 0019 states: a write shows on the next read of every replica within this time. */
const BOUND_MS = 1000;

let h: Harness;
let admin: Client;
/** A second gateway replica on the same bus: it learns of writes only from the catalog's events. */
let replica: { app: INestApplication; url: string };

async function startReplica(): Promise<{ app: INestApplication; url: string }> {
  const app = await startGatewayReplica({ RATE_LIMIT_PER_MINUTE: '100000' });
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  await eventually(async () => app.get(CatalogReadModelService).isReady);
  return { app, url };
}

beforeAll(async () => {
  h = await startHarness({ catalog: {}, gateway: { RATE_LIMIT_PER_MINUTE: '100000' } });
  admin = new Client(h.gateway);
  assert.equal((await admin.post('/api/auth/login', ADMIN)).status, 200);
  await eventually(async () => h.gateway.get(CatalogReadModelService).isReady);
  replica = await startReplica();
});
afterAll(async () => {
  await replica?.app.close();
  await h.stop();
});

const token = () => `rm${randomUUID().slice(0, 8)}`;
/** A supertest client of the gateway listening at `base` (this file's two replicas). */
const clientAt = (base: string) => new Client(base === h.baseUrl ? h.gateway : replica.app);
const search = (base: string, q: string) => clientAt(base).get(`/api/products?q=${q}&sort=newest`);

/** Reads `url` on `base` every few ms until `seen` holds; answers how long after `since` that first happened. */
async function msUntil(base: string, url: string, seen: (body: any, status: number) => boolean, since: number): Promise<number> {
  for (;;) {
    const res = await clientAt(base).get(url);
    if (seen(res.body, res.status)) return Date.now() - since;
    if (Date.now() - since > 5000) assert.fail(`${url} did not show the write within 5 s: ${JSON.stringify(res.body).slice(0, 200)}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("the store's reads come from each gateway's copy of the catalog", () => {
  test("an admin's create, update and delete show on the same gateway's very next read, list and detail", async () => {
    const t = token();
    const created = await admin.post('/api/products', itemForm(productFields({ name: `${t} Lamp` }), png()));
    assert.equal(created.status, 201);
    const listed = await search(h.baseUrl, t);
    assert.deepEqual([listed.body.total, listed.body.items], [1, [created.body]]);

    const updated = await admin.put(`/api/products/${created.body.id}`, itemForm(productFields({ name: `${t} Lantern`, price: '7.25' })));
    assert.equal(updated.status, 200);
    assert.deepEqual((await search(h.baseUrl, t)).body.items, [updated.body]);
    assert.deepEqual((await new Client(h.gateway).get(`/api/products/${created.body.id}`)).body, updated.body);

    assert.equal((await admin.delete(`/api/products/${created.body.id}`)).status, 204);
    assert.equal((await search(h.baseUrl, t)).body.total, 0);
    assert.equal((await new Client(h.gateway).get(`/api/products/${created.body.id}`)).status, 404);
  });

  test(`an admin's write through one gateway shows on another replica's reads within ${BOUND_MS} ms, from the catalog's events`, async () => {
    const t = token();
    const created = await admin.post('/api/products', itemForm(productFields({ name: `${t} Candle`, featured: 'true' }), png()));
    assert.equal(created.status, 201);
    let since = Date.now();
    const createdAfter = await msUntil(replica.url, `/api/products?q=${t}`, (body) => body.total === 1, since);
    assert.ok(createdAfter <= BOUND_MS, `create seen after ${createdAfter} ms`);
    assert.deepEqual((await new Client(replica.app).get(`/api/products/${created.body.id}`)).body, created.body);
    assert.deepEqual((await new Client(replica.app).get('/api/products/featured')).body, created.body);

    const updated = await admin.put(`/api/products/${created.body.id}`, itemForm(productFields({ name: `${t} Candle`, price: '3.10', featured: 'false' })));
    since = Date.now();
    const updatedAfter = await msUntil(replica.url, `/api/products/${created.body.id}`, (body) => body.price === '3.10', since);
    assert.ok(updatedAfter <= BOUND_MS, `update seen after ${updatedAfter} ms`);
    assert.deepEqual((await search(replica.url, t)).body.items, [updated.body]);

    assert.equal((await admin.delete(`/api/products/${created.body.id}`)).status, 204);
    since = Date.now();
    const deletedAfter = await msUntil(replica.url, `/api/products?q=${t}`, (body) => body.total === 0, since);
    assert.ok(deletedAfter <= BOUND_MS, `delete seen after ${deletedAfter} ms`);
    assert.equal((await new Client(replica.app).get(`/api/products/${created.body.id}`)).status, 404);
  });

  test('a write that does not pass through any gateway (the catalog asked directly) reaches every replica from its event', async () => {
    const t = token();
    const gatewayBus = await connectTestRpc('gateway');
    try {
      const item = await gatewayBus.rpc.send(CatalogSubjects.create, {
        kind: 'service',
        item: { name: `${t} Editing`, price: '120.00', description: 'Line editing.', category: 'Writing', tags: [], inStock: true, featured: false },
        imageKey: `media/catalog/${randomUUID()}.png`,
      });
      const since = Date.now();
      for (const base of [h.baseUrl, replica.url]) {
        const after = await msUntil(base, `/api/services?q=${t}`, (body) => body.total === 1, since);
        assert.ok(after <= BOUND_MS, `seen after ${after} ms`);
        assert.deepEqual((await clientAt(base).get(`/api/services/${item.id}`)).body, item);
      }
      await gatewayBus.rpc.send(CatalogSubjects.delete, { kind: 'service', id: item.id });
    } finally {
      await gatewayBus.close();
    }
  });
});

describe('ETag and If-None-Match', () => {
  test('a page and an item carry an ETag; asking with it is a bodiless 304 until the catalog changes, then a 200 with a new ETag', async () => {
    const t = token();
    const created = await admin.post('/api/products', itemForm(productFields({ name: `${t} Mug` }), png()));
    for (const url of [`/api/products?q=${t}`, `/api/products/${created.body.id}`]) {
      const first = await fetch(h.baseUrl + url);
      const etag = first.headers.get('etag');
      assert.match(etag ?? '', /^"[\w-]{27}"$/, url);
      assert.equal(first.headers.get('cache-control'), 'no-cache');
      await first.arrayBuffer();
      const again = await fetch(h.baseUrl + url, { headers: { 'if-none-match': etag! } });
      assert.deepEqual([again.status, await again.text(), again.headers.get('etag')], [304, '', etag], url);
      const other = await fetch(h.baseUrl + url, { headers: { 'if-none-match': '"something-else"' } });
      assert.equal(other.status, 200, url);
      await other.arrayBuffer();
    }
    const page = (await fetch(`${h.baseUrl}/api/products?q=${t}`)).headers.get('etag')!;
    const one = (await fetch(`${h.baseUrl}/api/products/${created.body.id}`)).headers.get('etag')!;
    await admin.put(`/api/products/${created.body.id}`, itemForm(productFields({ name: `${t} Big mug` })));
    for (const [url, etag] of [
      [`/api/products?q=${t}`, page],
      [`/api/products/${created.body.id}`, one],
    ]) {
      const res = await fetch(h.baseUrl + url, { headers: { 'if-none-match': etag } });
      assert.equal(res.status, 200, url);
      assert.notEqual(res.headers.get('etag'), etag, url);
      assert.match(await res.text(), /Big mug/);
    }
  });
});

describe('compression', () => {
  /** The raw reply, bytes as sent. */
  function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      http
        .get(h.baseUrl + url, { headers }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
        })
        .on('error', reject);
    });
  }

  test('a page over 1 KB goes brotli or gzip as the client accepts, the same JSON, with an ETag naming the encoding that answers 304', async () => {
    const t = token();
    for (let n = 0; n < 4; n++) await admin.post('/api/products', itemForm(productFields({ name: `${t} Bowl ${n}` }), png()));
    const url = `/api/products?q=${t}`;
    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    assert.ok(plain.body.length > 1024, `${plain.body.length} bytes`);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers.vary, 'Accept-Encoding');
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const res = await rawGet(url, { 'accept-encoding': encoding });
      assert.equal(res.headers['content-encoding'], encoding);
      assert.deepEqual(JSON.parse(decode(res.body).toString()), JSON.parse(plain.body.toString()));
      assert.equal(res.headers.etag, `${plain.headers.etag!.slice(0, -1)}-${encoding}"`);
      const again = await rawGet(url, { 'accept-encoding': encoding, 'if-none-match': res.headers.etag! });
      assert.deepEqual([again.status, again.body.length], [304, 0]);
    }
  });
});

describe('after a restart', () => {
  test('a gateway started again serves what the catalog holds now, including a change made while it was down and never announced', async () => {
    const t = token();
    const created = await admin.post('/api/products', itemForm(productFields({ name: `${t} Scarf`, price: '12.00' }), png()));
    await msUntil(replica.url, `/api/products?q=${t}`, (body) => body.items[0]?.price === '12.00', Date.now());
    await replica.app.close();
    // Straight into the catalog's table: no event, so only a fresh load can know of it.
    const db = new Pg({ connectionString: h.catalog!.db.url });
    await db.connect();
    await db.query(`UPDATE catalog_items SET price = 99.50, updated_at = now() WHERE id = $1`, [created.body.id]);
    await db.end();
    replica = await startReplica();
    const res = await search(replica.url, t);
    assert.deepEqual(
      res.body.items.map((i: CatalogItem) => [i.id, i.price]),
      [[created.body.id, '99.50']],
    );
    assert.equal((await new Client(replica.app).get(`/api/products/${created.body.id}`)).body.price, '99.50');
  });
});
