import { CatalogSubjects, LIST_CHUNK_MAX_ITEMS, type CatalogItem } from '@km/contracts';
import { AppError, natsConnectOptions } from '@km/nest-kit';
import assert from 'node:assert/strict';
import http from 'node:http';
import { connect } from 'nats';
import { Client as Pg } from 'pg';
import { connectTestRpc, testServers } from '@km/nest-kit/testing';
import { CatalogReadModelService } from '../src/catalog/catalog-read-model.service';
import { Client, startHarness, type Harness } from './gateway-harness';

let h: Harness;
let db: Pg;
let maxPayload: number;

beforeAll(async () => {
  h = await startHarness({ catalog: {}, gateway: { RATE_LIMIT_PER_MINUTE: '100000' } });
  db = new Pg({ connectionString: h.catalog!.db.url });
  await db.connect();
  const nc = await connect(natsConnectOptions(testServers().KM_TEST_NATS_URL, 'catalog-full-list-test'));
  maxPayload = nc.info!.max_payload;
  await nc.close();
});
afterAll(async () => {
  await db.end();
  await h.stop();
});

/**
 * Adds `count` products in one statement, so they share one created_at: only the id tells them apart in the
 * list's order, which is what a keyset cursor must get right. Every seventh is featured.
 */
async function addProducts(count: number, text: (n: string) => { name: string; description: string }): Promise<void> {
  const { name, description } = text('n');
  await db.query(
    `INSERT INTO catalog_items (kind, name, slug, price, description, category, tags, in_stock, featured)
     SELECT 'product', ${name}, 'bulk-' || gen_random_uuid(), 9.99, ${description}, 'Books', ARRAY['bulk'], true, n % 7 = 0 FROM generate_series(1, $1::int) AS n`,
    [count],
  );
  // Rows written in SQL behind the catalog's back send no event: the gateway's copy must be told to load again (ADR 0018).
  await h.gateway.get(CatalogReadModelService).reload();
}

/** The ids of every product in the plain list's documented order: featured first, then newest, then id. */
async function expectedIds(): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM catalog_items WHERE kind = 'product' ORDER BY featured DESC, created_at DESC, id DESC`);
  return rows.map((row) => row.id);
}

describe('the plain product list at sizes one NATS reply cannot carry', () => {
  afterAll(async () => {
    await db.query(`DELETE FROM catalog_items WHERE 'bulk' = ANY(tags)`);
    await h.gateway.get(CatalogReadModelService).reload();
  });

  test('several thousand long-named products (many times the bus limit) come back whole: every id once, in order, each item exact', async () => {
    await addProducts(LIST_CHUNK_MAX_ITEMS + 2500, () => ({
      name: `'Long named product ' || n || ' ' || repeat('of the kingdom ', 12)`,
      description: `repeat('A long description that fills the list. ', 12)`,
    }));
    const res = await fetch(`${h.baseUrl}/api/products`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    const text = await res.text();
    assert.ok(text.length > 3 * maxPayload, `the list is ${text.length} bytes`);
    const items = JSON.parse(text) as CatalogItem[];
    const ids = await expectedIds();
    assert.equal(items.length, ids.length);
    assert.ok(ids.length >= LIST_CHUNK_MAX_ITEMS + 2500);
    assert.deepEqual(
      items.map((item) => item.id),
      ids,
    );
    // Spot checks against the single-item route: the same JSON, field for field.
    for (const index of [0, 1, LIST_CHUNK_MAX_ITEMS - 1, LIST_CHUNK_MAX_ITEMS, items.length - 1]) {
      const one = await new Client(h.gateway).get(`/api/products/${items[index].id}`);
      assert.deepEqual(items[index], one.body);
    }
  });

  test('products of the longest allowed text in 3-byte characters are split into chunks by size, and all arrive', async () => {
    // 5,000 × "✝" is 15 KB of UTF-8 per description: 150 of them are over two bus limits.
    await addProducts(150, () => ({ name: `'Cross ' || n`, description: `repeat('✝', 5000)` }));
    const res = await new Client(h.gateway).get('/api/products');
    assert.equal(res.status, 200);
    const ids = await expectedIds();
    assert.deepEqual(
      (res.body as CatalogItem[]).map((item) => item.id),
      ids,
    );
    assert.equal((res.body as CatalogItem[]).filter((item) => item.description === '✝'.repeat(5000)).length, 150);
  });

  test('a handler whose reply would pass the bus limit answers a coded error naming it, and the catalog keeps serving', async () => {
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM catalog_items WHERE description = repeat('✝', 5000) LIMIT 100`);
    assert.equal(rows.length, 100);
    // get-many is orders' subject (the bus lets only orders ask it), so ask as orders.
    const orders = await connectTestRpc('orders');
    const started = Date.now();
    const error = await orders.rpc
      .send(CatalogSubjects.getMany, { ids: rows.map((row) => row.id) })
      .then(
        () => assert.fail('100 items of 15 KB cannot fit in one reply'),
        (e: unknown) => e,
      )
      .finally(() => orders.close());
    assert.ok(error instanceof AppError);
    assert.equal(error.code, 'internal');
    assert.match(error.message, new RegExp(`^The catalog\\.items\\.get-many reply would be \\d+ bytes, over the bus limit of ${maxPayload} bytes`));
    assert.ok(Date.now() - started < 1500, 'answered at once, not by the timeout');
    const next = await new Client(h.gateway).get('/api/products?pageSize=3');
    assert.equal(next.status, 200);
    assert.equal(next.body.items.length, 3);
  });

  test('a client that leaves in the middle of the list leaves the gateway and catalog serving: the next list is whole', async () => {
    const gone = await new Promise<number>((resolve, reject) => {
      const req = http.get(`${h.baseUrl}/api/products`, (res) => {
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          // Leave after the first part of the array.
          if (received > 64 * 1024) req.destroy();
        });
        res.on('close', () => resolve(received));
      });
      req.on('error', () => undefined);
      setTimeout(() => reject(new Error('no response')), 5000);
    });
    assert.ok(gone > 64 * 1024);
    const res = await new Client(h.gateway).get('/api/products');
    assert.equal(res.status, 200);
    assert.deepEqual(
      (res.body as CatalogItem[]).map((item) => item.id),
      await expectedIds(),
    );
  });
});

describe('the plain list when the catalog fails', () => {
  // Runs last: stops the catalog service.
  test('a catalog that is down before the list starts is a clean 503 with a message', async () => {
    await h.catalog!.service.stop();
    const res = await new Client(h.gateway).get('/api/services');
    assert.deepEqual(res.body, { statusCode: 503, code: 'unavailable', message: 'The catalog service did not answer in time. Please try again in a moment.' });
  });
});
