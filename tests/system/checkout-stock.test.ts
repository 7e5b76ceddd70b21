import { eventSubject, OrdersEvents, type CatalogItem, type EventEnvelope, type OrderRestockedEvent, type StockMovement } from '@km/contracts';
import { natsConnectOptions } from '@km/nest-kit';
import { eventually, testNatsUrl } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { Client as Postgres } from 'pg';
import { ADMIN, catalogItem, type CheckoutHarness, Client, startCheckoutHarness, stripeApi } from './harness';

// ADR 0032: stock is reserved when the payment intent is made, sold when it is paid, released when it cannot be.

let h: CheckoutHarness;
let catalogDb: Postgres;
let ordersDb: Postgres;
let admin: Client;

beforeAll(async () => {
  h = await startCheckoutHarness();
  catalogDb = new Postgres({ connectionString: h.catalog!.db.url });
  ordersDb = new Postgres({ connectionString: h.orders.db.url });
  await Promise.all([catalogDb.connect(), ordersDb.connect()]);
  admin = new Client(h.gateway);
  assert.equal((await admin.post('/api/auth/login', ADMIN)).status, 200);
});
afterAll(async () => {
  await Promise.all([catalogDb.end(), ordersDb.end()]);
  await h.stop();
});

const visitor = () => new Client(h.gateway);
const ADDRESS = '12 Gleaning Way, Bethlehem, PA 18015, United States';

const stockOf = async (id: string): Promise<number | null> =>
  (await catalogDb.query('SELECT stock_quantity FROM catalog_items WHERE id = $1', [id])).rows[0].stock_quantity;
const movementsOf = async (id: string): Promise<StockMovement[]> => (await admin.get(`/api/products/${id}/stock-movements?pageSize=100`)).body.items;
const soldOf = async (id: string) => (await movementsOf(id)).filter((m) => m.reason === 'sale').reduce((sum, m) => sum - m.delta, 0);

const quote = (item: CatalogItem, quantity: number, checkoutId = randomUUID()) =>
  visitor().post('/api/create-payment-intent', { checkoutId, items: [{ productId: item.id, quantity }] });

/** What the checkout page does after a quote: the order, then the card at Stripe (whose webhook pays the order). */
async function payFor(q: { paymentIntentId: string; items: unknown; subtotal: string; tax: string; shipping: string; total: string }) {
  const order = await visitor().post('/api/orders', {
    paymentIntentId: q.paymentIntentId,
    customerEmail: `buyer-${randomUUID().slice(0, 8)}@example.com`,
    customerName: 'Ruth of Moab',
    shippingAddress: ADDRESS,
    billingAddress: ADDRESS,
    subtotal: q.subtotal,
    tax: q.tax,
    shipping: q.shipping,
    total: q.total,
    items: q.items,
  });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  const confirmed = await stripeApi(h, 'POST', `/v1/payment_intents/${q.paymentIntentId}/confirm`, { payment_method: 'pm_card_visa' });
  assert.equal(confirmed.body.status, 'succeeded');
  return order.body.orderNumber as string;
}

const paidOrdersOf = async (id: string) =>
  Number(
    (
      await ordersDb.query(
        `SELECT count(DISTINCT o.id) AS count FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE l.product_id = $1 AND o.status = 'paid'`,
        [id],
      )
    ).rows[0].count,
  );

describe('stock that cannot oversell (ADR 0032)', () => {
  test('50 buyers at once for the last 3 units: exactly 3 pay, none oversold, and the other 47 get a 409 naming the product before paying', async () => {
    const item = await catalogItem(h, '15.00', { name: 'Last Olive Lamp', stockQuantity: 3 });
    const quotes = await Promise.all(Array.from({ length: 50 }, () => quote(item, 1)));
    const won = quotes.filter((q) => q.status === 200);
    const lost = quotes.filter((q) => q.status !== 200);
    assert.equal(won.length, 3);
    assert.equal(lost.length, 47);
    for (const refusal of lost) {
      assert.equal(refusal.status, 409);
      assert.equal(refusal.body.details.reason, 'out_of_stock');
      assert.equal(refusal.body.message, '"Last Olive Lamp" just sold out. Remove it from your cart to continue. You have not been charged.');
      assert.deepEqual(refusal.body.details.unavailable, [{ name: 'Last Olive Lamp', asked: 1, available: 0 }]);
      // Before paying: the refused buyer was given no payment to confirm.
      assert.equal(refusal.body.clientSecret, undefined);
    }
    assert.equal(await stockOf(item.id), 0);
    const orderNumbers = await Promise.all(won.map((q) => payFor(q.body)));
    await eventually(async () => (await paidOrdersOf(item.id)) === 3, 15_000, 100);
    await eventually(async () => (await soldOf(item.id)) === 3, 15_000, 100);
    assert.equal(await stockOf(item.id), 0);
    assert.deepEqual(
      (await movementsOf(item.id))
        .filter((m) => m.reason === 'sale')
        .map((m) => m.orderNumber)
        .sort(),
      [...orderNumbers].sort(),
    );
    // The store shows it out of stock, and a late buyer is still told before paying.
    await eventually(async () => (await visitor().get(`/api/products/${item.id}`)).body.inStock === false, 5000, 50);
    assert.equal((await quote(item, 1)).status, 409);
  });

  test('asking for more than is left names how many are left; nothing is held for the refused cart', async () => {
    const item = await catalogItem(h, '9.00', { name: 'Cedar Box', stockQuantity: 2 });
    const refused = await quote(item, 3);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, 'Only 2 of "Cedar Box" are left and your cart has 3. Change your cart to continue. You have not been charged.');
    assert.equal(await stockOf(item.id), 2);
  });

  test('an untracked product (stockQuantity null) sells without counting', async () => {
    const item = await catalogItem(h, '5.00', { name: 'Prayer Card' });
    assert.equal(item.stockQuantity, null);
    const quotes = await Promise.all(Array.from({ length: 5 }, () => quote(item, 2)));
    assert.deepEqual(
      quotes.map((q) => q.status),
      [200, 200, 200, 200, 200],
    );
    assert.equal(await stockOf(item.id), null);
  });

  test('a cancelled payment intent gives its units back (payment_intent.canceled from Stripe)', async () => {
    const item = await catalogItem(h, '20.00', { stockQuantity: 4 });
    const q = await quote(item, 3);
    assert.equal(q.status, 200);
    assert.equal(await stockOf(item.id), 1);
    const cancelled = await stripeApi(h, 'POST', `/v1/payment_intents/${q.body.paymentIntentId}/cancel`, { cancellation_reason: 'abandoned' });
    assert.equal(cancelled.body.status, 'canceled');
    await eventually(async () => (await stockOf(item.id)) === 4, 10_000, 50);
    assert.equal(await soldOf(item.id), 0);
  });

  test('a reservation that expires unpaid is released by the sweep', async () => {
    const item = await catalogItem(h, '20.00', { stockQuantity: 2 });
    const q = await quote(item, 2);
    assert.equal(await stockOf(item.id), 0);
    await catalogDb.query(`UPDATE stock_reservations SET expires_at = now() - interval '1 second' WHERE payment_intent_id = $1`, [q.body.paymentIntentId]);
    await eventually(async () => (await stockOf(item.id)) === 2, 10_000, 50);
  });

  test('the same intent re-reserved for a changed cart replaces its reservation instead of adding to it', async () => {
    const item = await catalogItem(h, '10.00', { stockQuantity: 5 });
    const q = await quote(item, 1);
    assert.equal(await stockOf(item.id), 4);
    // The order is asked for 3 on the same intent: the intent is changed to charge 3, and holds 3, not 4.
    const order = await visitor().post('/api/orders', {
      paymentIntentId: q.body.paymentIntentId,
      customerEmail: 'changed@example.com',
      customerName: 'Boaz',
      shippingAddress: ADDRESS,
      items: [{ productId: item.id, quantity: 3 }],
    });
    assert.equal(order.status, 409);
    assert.equal(order.body.details.reason, 'cart_changed');
    assert.equal(await stockOf(item.id), 2);
    const rows = await catalogDb.query(`SELECT quantity, state FROM stock_reservations WHERE payment_intent_id = $1`, [q.body.paymentIntentId]);
    assert.deepEqual(rows.rows, [{ quantity: 3, state: 'held' }]);
  });

  test('orders.order.restocked puts units back once per event, as a refund or cancel restock movement', async () => {
    const item = await catalogItem(h, '10.00', { stockQuantity: 1 });
    const nc = await connect(natsConnectOptions(testNatsUrl('orders'), 'test-as-orders'));
    try {
      const js = nc.jetstream();
      const publish = async (data: OrderRestockedEvent, id = randomUUID()) => {
        const envelope: EventEnvelope<OrderRestockedEvent> = { id, type: OrdersEvents.restocked, occurredAt: new Date().toISOString(), data };
        await js.publish(eventSubject(OrdersEvents.restocked), JSON.stringify(envelope), { msgID: id });
        return id;
      };
      const refundId = randomUUID();
      const refund: OrderRestockedEvent = { orderId: randomUUID(), orderNumber: 'KM-RESTOCK1', lines: [{ productId: item.id, quantity: 2 }], reason: 'refund' };
      await publish(refund, refundId);
      await eventually(async () => (await stockOf(item.id)) === 3, 10_000, 50);
      // The same event again (a redelivery, or a publish the stream did not dedupe) changes nothing.
      await publish(refund, refundId);
      await publish({ ...refund, orderNumber: 'KM-RESTOCK2', lines: [{ productId: item.id, quantity: 1 }], reason: 'cancel' });
      await eventually(async () => (await stockOf(item.id)) === 4, 10_000, 50);
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(await stockOf(item.id), 4);
      const movements = await movementsOf(item.id);
      assert.deepEqual(
        movements.map((m) => [m.reason, m.delta, m.quantityAfter, m.orderNumber]),
        [
          ['cancel_restock', 1, 4, 'KM-RESTOCK2'],
          ['refund_restock', 2, 3, 'KM-RESTOCK1'],
          ['tracking_started', 1, 1, null],
        ],
      );
    } finally {
      await nc.close();
    }
  });

  test("the movements list is the admin's: a visitor is refused, pages are bounded, hostile paging is a 400", async () => {
    const item = await catalogItem(h, '10.00', { stockQuantity: 1 });
    assert.equal((await visitor().get(`/api/products/${item.id}/stock-movements`)).status, 401);
    const page = await admin.get(`/api/products/${item.id}/stock-movements?page=1&pageSize=1`);
    assert.equal(page.status, 200);
    assert.deepEqual([page.body.total, page.body.items.length, page.body.page, page.body.pageSize], [1, 1, 1, 1]);
    for (const bad of ['pageSize=1000', 'pageSize=-1', 'page=0', 'page=1.5']) {
      assert.equal((await admin.get(`/api/products/${item.id}/stock-movements?${bad}`)).status, 400, bad);
    }
    assert.equal((await admin.get(`/api/products/${randomUUID()}/stock-movements`)).status, 404);
  });

  test('the catalog refuses a reservation with hostile quantities (the bus is not trusted either)', async () => {
    // Through the cart: quantities outside 1..99 never reach the catalog.
    const item = await catalogItem(h, '10.00', { stockQuantity: 5 });
    for (const quantity of [-1, 0, 1.5, 1e9]) {
      const res = await visitor().post('/api/create-payment-intent', { checkoutId: randomUUID(), items: [{ productId: item.id, quantity }] });
      assert.equal(res.status, 400, String(quantity));
    }
    assert.equal(await stockOf(item.id), 5);
  });
});
