import { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from '@km/contracts';
import { ObjectStorage, storageEnv, storageOptionsFrom } from '@km/nest-kit/storage';
import { createTestDatabase, startTestService, testNatsUrl, testServers, type TestDatabase } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import assert from 'node:assert/strict';
import { Client } from 'pg';
import { z } from 'zod';
import { AppModule } from '../src/app.module';
import { loadCatalogConfig } from '../src/config';
import { DEMO_ITEMS } from '../src/demo/demo-items';

let db: TestDatabase;
let storage: ObjectStorage;
const apps: INestApplication[] = [];

function s3Env(): Record<string, string> {
  const url = new URL(testServers().KM_TEST_S3_ENDPOINT ?? '');
  return { S3_ENDPOINT: url.hostname, S3_PORT: url.port, S3_ACCESS_KEY: 'kingdom-dev-s3', S3_SECRET_KEY: 'kingdom-dev-s3', S3_BUCKET: 'kingdom-media' };
}

const startCatalog = async (seed: boolean) => {
  const config = loadCatalogConfig({
    HTTP_PORT: '0',
    NATS_URL: testNatsUrl('catalog'),
    DATABASE_URL: db.url,
    LOG_LEVEL: 'warn',
    SEED_DEMO: String(seed),
    ...s3Env(),
    // The catalog sends stock mail through the mail queue (ADR 0050).
    REDIS_URL: testServers().KM_TEST_REDIS_URL!,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(testServers().KM_TEST_SMTP_PORT),
  });
  const app = await startTestService(AppModule.forRoot(config), 'catalog', testNatsUrl('catalog'));
  apps.push(app);
  return app;
};

interface Row {
  kind: string;
  category: string;
  featured: boolean;
  in_stock: boolean;
  image_key: string;
  price: string;
}

async function rows(): Promise<Row[]> {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query<Row>('SELECT kind, category, featured, in_stock, image_key, price::text FROM catalog_items')).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  db = await createTestDatabase('catalog');
  storage = new ObjectStorage(storageOptionsFrom(z.object(storageEnv).parse(s3Env())));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const row of await rows()) await storage.delete(row.image_key);
  storage.close();
  await db.drop();
});

test('two replicas starting together on an empty catalog seed the demo items exactly once', async () => {
  await Promise.all([startCatalog(true), startCatalog(true)]);
  const seeded = await rows();
  assert.equal(seeded.length, DEMO_ITEMS.length);
  assert.equal(new Set(seeded.map((r) => r.image_key)).size, DEMO_ITEMS.length);
});

test('the demo has at least 40 products over every product category and 15 services over every service category', async () => {
  const seeded = await rows();
  const products = seeded.filter((r) => r.kind === 'product');
  const services = seeded.filter((r) => r.kind === 'service');
  assert.ok(products.length >= 40, `${products.length} products`);
  assert.ok(services.length >= 15, `${services.length} services`);
  assert.deepEqual([...new Set(products.map((r) => r.category))].sort(), [...PRODUCT_CATEGORIES].sort());
  assert.deepEqual([...new Set(services.map((r) => r.category))].sort(), [...SERVICE_CATEGORIES].sort());
  for (const group of [products, services]) {
    assert.ok(group.some((r) => r.featured) && group.some((r) => !r.featured));
    assert.ok(group.some((r) => !r.in_stock) && group.some((r) => r.in_stock));
  }
  assert.ok(seeded.every((r) => /^\d+\.\d{2}$/.test(r.price) && Number(r.price) > 0));
});

test('demo items are dated an hour apart in list order, so "Newest" and the featured product follow the list', async () => {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows: newest } = await client.query<{ name: string }>('SELECT name FROM catalog_items ORDER BY created_at DESC, id DESC');
    assert.deepEqual(
      newest.map((r) => r.name),
      DEMO_ITEMS.map((item) => item.name),
    );
  } finally {
    await client.end();
  }
});

test('every demo item has its own generated WEBP image in object storage', async () => {
  for (const row of await rows()) {
    assert.match(row.image_key, /^media\/catalog\/[0-9a-f-]{36}\.webp$/);
    const info = await storage.stat(row.image_key);
    assert.equal(info?.contentType, 'image/webp', row.image_key);
    assert.ok(info!.size > 1000, `${row.image_key} has ${info!.size} bytes`);
  }
});

test('a later start with SEED_DEMO=true leaves a catalog that has items alone', async () => {
  const keysBefore = (await rows()).map((r) => r.image_key).sort();
  await startCatalog(true);
  assert.deepEqual((await rows()).map((r) => r.image_key).sort(), keysBefore);
});
