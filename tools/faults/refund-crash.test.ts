import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { note, pidOf, ready, Session, signedInAdmin, stack, stripe, waitUntil } from './stack';

/**
 * ADR 0035, a crash between Stripe's refund and its row: orders is killed (kill -9) after Stripe made the refund and
 * before orders could write what Stripe answered. To stop orders in exactly that place, Stripe's emulator is paused
 * (SIGSTOP) until the pending row is committed, then orders' Postgres proxy is paused and the emulator let go: Stripe
 * refunds and answers, and orders, holding the answer, waits on its database; then it is killed. Checked: the refund
 * happened once at Stripe, the restarted orders settles the row (from the refund's webhook, or by asking again with
 * the same idempotency key), and what is left to refund is exactly the rest.
 */

/** The process that really serves: the stack records tsx's CLI, whose child runs the emulator. */
function serverPid(pid: number): number {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    // pgrep exits 1 when the process has no child: it is the server itself
  }
  return children.length === 0 ? pid : serverPid(children[0]);
}
const signal = (pid: number, name: NodeJS.Signals) => process.kill(pid, name);

let orders: Client;
let admin: Session;
beforeAll(async () => {
  orders = new Client({ connectionString: stack.pgAdminUrl.replace(/\/postgres$/, '/orders'), application_name: 'fault-suite' });
  await orders.connect();
  admin = await signedInAdmin();
});
afterAll(async () => {
  await orders.end();
});

test('kill -9 of orders between Stripe’s refund and its row: one refund at Stripe, the row settled after the restart, the rest refundable once', async () => {
  // A paid order of one product.
  const product = ((await new Session().get('/api/products')).body as { id: string; inStock: boolean }[]).find((p) => p.inStock)!;
  const buyer = new Session();
  const items = [{ productId: product.id, quantity: 2 }];
  const intent = await buyer.post('/api/create-payment-intent', { checkoutId: randomUUID(), items });
  assert.equal(intent.status, 200, JSON.stringify(intent.body));
  const placed = await buyer.post('/api/orders', {
    paymentIntentId: intent.body.paymentIntentId,
    customerEmail: `refund-crash-${randomUUID().slice(0, 6)}@example.com`,
    customerName: 'Refund Crash',
    shippingAddress: '1 Loopback Lane, Localhost, CA 90000, United States',
    items,
  });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  const orderNumber: string = placed.body.orderNumber;
  const total: string = intent.body.total;
  await stripe('POST', `/v1/payment_intents/${intent.body.paymentIntentId}/confirm`, { payment_method: 'pm_card_visa' });
  await waitUntil('the order is paid', async () => (await admin.get(`/api/admin/orders/${orderNumber}`)).body.status === 'paid', 20_000);
  const pendingRows = async () =>
    (await orders.query(`SELECT r.status FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.order_number = $1`, [orderNumber])).rows as {
      status: string;
    }[];

  const emulator = serverPid(pidOf('stripe'));
  const proxy = pidOf('pg-proxy');
  const killed = pidOf('orders');
  signal(emulator, 'SIGSTOP');
  let refundAnswer: Promise<{ status: number }>;
  try {
    refundAnswer = admin.request('POST', `/api/admin/orders/${orderNumber}/refunds`, { amount: '10.00', reason: 'Crash test' }, { timeoutMs: 60_000 });
    await waitUntil('the pending refund row is committed', async () => (await pendingRows()).some((r) => r.status === 'pending'), 10_000);
    signal(proxy, 'SIGSTOP');
  } finally {
    signal(emulator, 'SIGCONT');
  }
  try {
    const charge = async () => stripe('GET', `/v1/charges/${(await stripe('GET', `/v1/payment_intents/${intent.body.paymentIntentId}`)).latest_charge}`);
    await waitUntil('Stripe made the refund', async () => (await charge()).amount_refunded === 1000, 10_000);
    await new Promise((r) => setTimeout(r, 500)); // orders reads the answer and waits on its database
    signal(killed, 'SIGKILL');
  } finally {
    signal(proxy, 'SIGCONT');
  }
  assert.deepEqual(await pendingRows(), [{ status: 'pending' }], 'the row was still pending when orders died');
  const answered = await refundAnswer.catch(() => ({ status: 0 }));
  note(
    'refund crash',
    `orders (pid ${killed}) killed after Stripe refunded 10.00 and before the row was settled; the admin's request answered ${answered.status}`,
  );

  await waitUntil('orders is back', async () => pidOf('orders') !== killed && (await ready('orders')) === 200, 60_000);
  const settledIn = await waitUntil('the row is settled', async () => (await pendingRows()).every((r) => r.status === 'succeeded'), 60_000);
  const order = (await admin.get(`/api/admin/orders/${orderNumber}`)).body;
  const refundsAtStripe = (
    (await (await fetch(`${stack.stripeApi}/_emulator/events?type=refund.created`)).json()) as {
      data: { data: { object: { metadata: Record<string, string> } } }[];
    }
  ).data.filter((e) => e.data.object.metadata.order_number === orderNumber);
  note('refund crash', `row settled ${settledIn} ms after orders was ready; ${refundsAtStripe.length} refund at Stripe`);
  assert.equal(refundsAtStripe.length, 1, 'Stripe made exactly one refund');
  assert.equal(order.refunds.length, 1);
  assert.match(order.refunds[0].stripeRefundId, /^re_/);
  assert.equal(order.timeline.filter((s: { kind: string }) => s.kind === 'refunded').length, 1);
  const rest = ((Math.round(Number(total) * 100) - 1000) / 100).toFixed(2);
  await waitUntil('the order shows what is left', async () => (await admin.get(`/api/admin/orders/${orderNumber}`)).body.refundable === rest, 20_000);

  // The rest, twice at once: once.
  const [a, b] = await Promise.all([
    admin.post(`/api/admin/orders/${orderNumber}/refunds`, { amount: rest, reason: 'The rest' }),
    admin.post(`/api/admin/orders/${orderNumber}/refunds`, { amount: rest, reason: 'The rest' }),
  ]);
  assert.deepEqual([a.status, b.status].sort(), [200, 409]);
  const finalCharge = await stripe('GET', `/v1/charges/${(await stripe('GET', `/v1/payment_intents/${intent.body.paymentIntentId}`)).latest_charge}`);
  assert.equal(finalCharge.amount_refunded, Math.round(Number(total) * 100));
});
