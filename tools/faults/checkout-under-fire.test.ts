import type { CatalogItem } from '@km/contracts/catalog';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { note, orderConfirmations, pidOf, ready, Session, stack, stripe, waitUntil } from './stack';

/**
 * Checkout under fire: CHECKOUTS checkouts (create-payment-intent, then POST /api/orders, retried like a
 * buyer clicking again when an answer is lost), IN_FLIGHT at a time; kill -9 of orders, then NATS, then the gateway
 * while they run (the supervisor restarts each). Then every placed order's payment is confirmed at the emulator while
 * orders is killed once more (Stripe's webhook deliveries are retried). Checked: every checkout that got an order
 * number has exactly one order and one payment intent, every paid order exactly one confirmation email, and no
 * order is paid at an amount other than its total.
 */

const CHECKOUTS = 200;
const IN_FLIGHT = 20;
const ADDRESS = '1 Loopback Lane, Localhost, CA 90000, United States';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let orders: Client;
beforeAll(async () => {
  orders = new Client({ connectionString: stack.pgAdminUrl.replace(/\/postgres$/, '/orders') });
  await orders.connect();
});
afterAll(() => orders.end());

/** Sends until an answer that is not a 5xx or a dropped connection, as a buyer clicking again would (same body: idempotent). */
async function untilAnswered(send: () => Promise<{ status: number; body: any }>, what: string, faults: Map<string, number>, wrong: string[]) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const res = await send().catch((error: Error) => ({ status: 0, body: error.message }));
    if (res.status > 0 && res.status < 500) return res;
    // While a service is down the gateway owes a 503 with a message a person can act on; anything else is a defect.
    if (res.status !== 0 && (res.status !== 503 || !res.body?.message)) wrong.push(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    faults.set(`${what} ${res.status || 'no connection'}`, (faults.get(`${what} ${res.status || 'no connection'}`) ?? 0) + 1);
    await sleep(500);
  }
  throw new Error(`${what}: no answer after 60 tries`);
}

/** kill -9, then waits for the supervisor's restart (and, for a service with /ready, until it is ready). */
async function kill(name: string, waitReady: boolean) {
  const pid = pidOf(name);
  process.kill(pid, 'SIGKILL');
  await waitUntil(`the supervisor restarts ${name}`, async () => pidOf(name) !== pid, 30_000);
  if (waitReady) await waitUntil(`${name} is ready again`, async () => (await ready(name)) === 200, 60_000);
  return pid;
}

describe('checkout under fire', () => {
  test(`${CHECKOUTS} checkouts with kill -9 of orders, NATS and the gateway: one order and one intent per order number, one email per paid order, paid at its total`, async () => {
    const products = ((await new Session().get('/api/products')).body as CatalogItem[]).filter((p) => p.inStock);
    assert.ok(products.length > 0, 'the demo catalog has products in stock');
    const faults = new Map<string, number>();
    const placed = new Map<string, { orderNumber: string; email: string }>(); // paymentIntentId → order
    const killed: string[] = [];
    const wrong: string[] = [];
    let started = 0;
    const buyer = new Session();

    const checkout = async () => {
      const items = [{ productId: products[started % products.length].id, quantity: 1 + (started % 3) }];
      const checkoutId = randomUUID();
      const intent = await untilAnswered(() => buyer.post('/api/create-payment-intent', { checkoutId, items }), 'create-payment-intent', faults, wrong);
      assert.equal(intent.status, 200, JSON.stringify(intent.body));
      const { paymentIntentId, subtotal, tax, shipping, total } = intent.body;
      const email = `fire-${randomUUID().slice(0, 8)}@example.com`;
      const order = { paymentIntentId, customerEmail: email, customerName: 'Fire Drill', shippingAddress: ADDRESS, subtotal, tax, shipping, total, items };
      const res = await untilAnswered(() => buyer.post('/api/orders', order), 'POST /api/orders', faults, wrong);
      assert.ok(res.status === 201 || res.status === 200, `POST /api/orders answered ${res.status}: ${JSON.stringify(res.body)}`);
      placed.set(paymentIntentId, { orderNumber: res.body.orderNumber, email });
    };

    const load = Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (started < CHECKOUTS) {
          started++;
          await checkout();
        }
      }),
    );
    // The faults, one after another while checkouts are in flight.
    for (const [name, after] of [
      ['orders', CHECKOUTS * 0.2],
      ['nats', CHECKOUTS * 0.45],
      ['gateway', CHECKOUTS * 0.7],
    ] as const) {
      await waitUntil(`${after} checkouts started`, async () => started >= after, 120_000);
      killed.push(`${name} (pid ${await kill(name, name !== 'nats')}) at checkout ${started}`);
    }
    await load;
    assert.equal(placed.size, CHECKOUTS);
    assert.deepEqual(wrong, [], 'answers during the faults that were not a 503 with a message');

    // Pay every order while orders dies once more: Stripe's webhook deliveries to it are retried.
    let confirmed = 0;
    const toPay = [...placed.keys()];
    const payers = Array.from({ length: 10 }, async () => {
      while (toPay.length) {
        await stripe('POST', `/v1/payment_intents/${toPay.pop()}/confirm`, { payment_method: 'pm_card_visa' });
        confirmed++;
      }
    });
    await waitUntil('half the payments confirmed', async () => confirmed >= CHECKOUTS / 2, 120_000);
    killed.push(`orders (pid ${await kill('orders', true)}) at payment ${confirmed}`);
    await Promise.all(payers);

    const numbers = [...placed.values()].map((p) => p.orderNumber);
    const countPaid = async () =>
      (await orders.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE order_number = ANY($1) AND status = 'paid'`, [numbers])).rows[0].n;
    await waitUntil('every order is paid', async () => (await countPaid()) === CHECKOUTS, 120_000);

    // One order per order number and per payment intent; paid at its total (the intent's amount, in cents).
    const { rows } = await orders.query<{ order_number: string; payment_intent_id: string; total: string; status: string }>(
      `SELECT order_number, payment_intent_id, total::text AS total, status FROM orders WHERE order_number = ANY($1) OR payment_intent_id = ANY($2)`,
      [numbers, [...placed.keys()]],
    );
    assert.equal(rows.length, CHECKOUTS, 'exactly one order per checkout');
    assert.equal(new Set(rows.map((r) => r.order_number)).size, CHECKOUTS);
    assert.equal(new Set(rows.map((r) => r.payment_intent_id)).size, CHECKOUTS);
    const wrongAmount: string[] = [];
    for (const row of rows) {
      const intent = await stripe('GET', `/v1/payment_intents/${row.payment_intent_id}`);
      if (intent.status !== 'succeeded' || intent.amount !== Math.round(Number(row.total) * 100))
        wrongAmount.push(`${row.order_number}: order total ${row.total}, intent ${intent.amount} ${intent.status}`);
    }
    assert.deepEqual(wrongAmount, []);
    const { rows: intents } = await orders.query(`SELECT count(*)::int AS n FROM orders`);

    // Exactly one confirmation email per paid order: wait for all, then a little longer for a duplicate to show. An
    // email is one Message-ID: SMTP is at-least-once, so an orders process killed after the mail server took a message
    // but before its job was marked done sends it again under the same Message-ID, which mail clients show once.
    const { perOrder, deliveries } = await orderConfirmations(numbers, 120_000, 3000);
    note(
      'checkout under fire',
      `${CHECKOUTS} checkouts, ${IN_FLIGHT} in flight; kill -9: ${killed.join(', ')}; retried answers: ${[...faults].map(([k, n]) => `${k}×${n}`).join(', ') || 'none'}; ` +
        `checked: ${rows.length} orders (${intents[0].n} in the database), ${new Set(rows.map((r) => r.payment_intent_id)).size} intents succeeded at the order's total, ` +
        `${perOrder.reduce((a, n) => a + n, 0)} confirmation emails in ${deliveries} deliveries (${perOrder.filter((n) => n === 1).length} orders with exactly one)`,
    );
    assert.deepEqual(
      numbers.map((n, i) => `${n}: ${perOrder[i]} emails`).filter((_line, i) => perOrder[i] !== 1),
      [],
    );
  });
});
