// Orders prices carts from its own copy of the catalog's prices and stock, kept by the catalog's events on JetStream
// (ADR 0022): real catalog, orders, gateway, NATS and Postgres. A change made in the catalog's table by hand (SQL, no
// event) tells where a price came from: the copy keeps what it had, the catalog would answer the new one.
import { CatalogSubjects, type CatalogItem } from '@km/contracts';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client as Postgres } from 'pg';
import { CATALOG_COPY_BOUND_MS, catalogItem, Client, startCheckoutHarness, type CheckoutHarness } from './harness';

let h: CheckoutHarness;
let catalogDb: Postgres;

beforeAll(async () => {
  h = await startCheckoutHarness();
  catalogDb = new Postgres({ connectionString: h.catalog!.db.url });
  await catalogDb.connect();
});
afterAll(async () => {
  await catalogDb.end();
  await h.stop();
});

/** What create-payment-intent answers for one of this item: the status and the server's subtotal or error. */
async function priced(item: CatalogItem): Promise<{ status: number; subtotal?: string; message?: string }> {
  const res = await new Client(h.gateway).post('/api/create-payment-intent', { checkoutId: randomUUID(), items: [{ productId: item.id, quantity: 1 }] });
  return res.status === 200 ? { status: 200, subtotal: res.body.subtotal } : { status: res.status, message: res.body.message };
}

/** Changes the price in the catalog's table only: no event, so no copy hears of it. */
const setPriceBehindTheCopy = (item: CatalogItem, price: string) => catalogDb.query('UPDATE catalog_items SET price = $2 WHERE id = $1', [item.id, price]);

/** Changes an item as an admin would (the catalog records its event), without waiting for anyone to hear of it. */
const adminEdit = (item: CatalogItem, changes: Partial<CatalogItem>) => {
  const { name, price, description, category, tags, inStock, featured } = item;
  return h.rpc.send(CatalogSubjects.update, {
    kind: item.kind,
    id: item.id,
    item: { name, price, description, category, tags, inStock, featured, ...changes },
  });
};

/** Asks for the price every 20 ms until `done` holds, and says how long that took from `since`. */
async function msUntil(item: CatalogItem, since: number, done: (answer: Awaited<ReturnType<typeof priced>>) => boolean): Promise<number> {
  for (;;) {
    const answer = await priced(item);
    if (done(answer)) return performance.now() - since;
    if (performance.now() - since > 5_000) throw new Error(`still ${JSON.stringify(answer)} 5 s after the change`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, CATALOG_COPY_BOUND_MS));

test('a cart is priced from orders’ copy, not by asking the catalog: a price changed in the catalog’s table without an event is not charged', async () => {
  const item = await catalogItem(h, '20.00');
  await settle(); // the copy has heard of the new item and fetched it
  await setPriceBehindTheCopy(item, '99.00');
  assert.deepEqual(await priced(item), { status: 200, subtotal: '20.00' });
});

test(`an admin's price change is charged within ${CATALOG_COPY_BOUND_MS} ms, and the copy then holds the new price itself`, async () => {
  const item = await catalogItem(h, '20.00');
  await settle();
  const changed = performance.now();
  await adminEdit(item, { price: '30.00' });
  const ms = await msUntil(item, changed, (answer) => answer.subtotal === '30.00');
  assert.ok(ms <= CATALOG_COPY_BOUND_MS, `the new price was charged ${ms.toFixed(0)} ms after the change`);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, CATALOG_COPY_BOUND_MS - (performance.now() - changed))));
  // From the copy now: a change behind its back is not seen.
  await setPriceBehindTheCopy(item, '99.00');
  assert.deepEqual(await priced(item), { status: 200, subtotal: '30.00' });
});

test(`a product taken out of stock is refused within ${CATALOG_COPY_BOUND_MS} ms, with the same 409 as when the catalog was asked`, async () => {
  const item = await catalogItem(h, '12.00', { name: 'Cedar Prayer Box' });
  await settle();
  const changed = performance.now();
  await adminEdit(item, { inStock: false });
  const ms = await msUntil(item, changed, (answer) => answer.status !== 200);
  assert.ok(ms <= CATALOG_COPY_BOUND_MS, `still sold ${ms.toFixed(0)} ms after the change`);
  assert.deepEqual(await priced(item), { status: 409, message: '"Cedar Prayer Box" is out of stock. Remove it from your cart to continue.' });
});

test('a restarted orders catches up before it prices: a change made while it was down (its event missed) is charged at once', async () => {
  const item = await catalogItem(h, '40.00');
  await settle();
  await h.restartOrders(() => adminEdit(item, { price: '45.00' }));
  assert.deepEqual(await priced(item), { status: 200, subtotal: '45.00' });
  // and it prices from its own new copy once loaded, not from the catalog
  await settle();
  await setPriceBehindTheCopy(item, '99.00');
  assert.deepEqual(await priced(item), { status: 200, subtotal: '45.00' });
});

test('a product the copy does not hold yet is asked of the catalog: an item made a moment ago is sold at once', async () => {
  const item = await catalogItem(h, '7.00');
  assert.deepEqual(await priced(item), { status: 200, subtotal: '7.00' });
});
