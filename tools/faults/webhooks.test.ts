import type { CatalogItem } from '@km/contracts/catalog';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { hold, note, orderConfirmations, pidOf, ready, release, Session, stack, stripe, waitUntil } from './stack';

/**
 * Webhooks: Stripe's deliveries to orders while orders is down and restarting. ORDERS checkouts; then orders
 * is killed (kill -9) and kept down while each payment is first declined and then succeeds, so both events' deliveries
 * fail and the emulator retries them until orders is back. Then orders is killed again and, while the supervisor
 * restarts it, every success is sent again (a duplicate) and every older decline too (out of order). Checked: every
 * order ends in Stripe's final state (paid) once: one paid event, paid at its total, one confirmation email.
 */

const ORDERS = 15;
const ADDRESS = '1 Loopback Lane, Localhost, CA 90000, United States';
interface EmulatorEvent {
  id: string;
  type: string;
  created: number;
  data: { object: { id: string } };
  deliveries: { url: string; state: string; attempts: { status?: number; error?: string }[] }[];
}
const events = async () =>
  ((await (await fetch(`${stack.stripeApi}/_emulator/events`)).json()) as { data: EmulatorEvent[] }).data.filter((e) => e.type.startsWith('payment_intent.'));
/** The delivery to orders' endpoint (the gateway's /api/webhooks/stripe); membership has an endpoint of its own. */
const toOrders = (e: EmulatorEvent) => e.deliveries.filter((d) => d.url.endsWith('/api/webhooks/stripe'));

let orders: Client;
beforeAll(async () => {
  orders = new Client({ connectionString: stack.pgAdminUrl.replace(/\/postgres$/, '/orders'), application_name: 'fault-suite' });
  await orders.connect();
});
afterAll(async () => {
  release('orders');
  await orders.end();
});

describe('Stripe webhooks while orders is down and restarting', () => {
  test(`${ORDERS} payments declined then paid while orders is down, replayed and replayed out of order during a restart: each order paid once, at its total, one email`, async () => {
    const products = ((await new Session().get('/api/products')).body as CatalogItem[]).filter((p) => p.inStock);
    const buyer = new Session();
    const placed = new Map<string, { orderNumber: string; total: string; email: string }>(); // payment intent → order
    for (let n = 0; n < ORDERS; n++) {
      const items = [{ productId: products[n % products.length].id, quantity: 1 + (n % 2) }];
      const intent = await buyer.post('/api/create-payment-intent', { checkoutId: randomUUID(), items });
      assert.equal(intent.status, 200, JSON.stringify(intent.body));
      const { paymentIntentId, subtotal, tax, shipping, total } = intent.body;
      const body = { paymentIntentId, customerEmail: `hook-${n}-${randomUUID().slice(0, 6)}@example.com`, customerName: 'Hook Test', shippingAddress: ADDRESS };
      const res = await buyer.post('/api/orders', { ...body, subtotal, tax, shipping, total, items });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      placed.set(paymentIntentId, { orderNumber: res.body.orderNumber, total, email: body.customerEmail });
    }
    const intents = [...placed.keys()];
    const ofOurs = (all: EmulatorEvent[], type: string) => all.filter((e) => e.type === type && placed.has(e.data.object.id));

    // 1. orders down (kill -9, held): each payment declined, then paid. Both deliveries fail and are retried.
    hold('orders');
    const first = pidOf('orders');
    process.kill(first, 'SIGKILL');
    await waitUntil('orders is down', async () => (await ready('orders')) === 'no answer', 10_000);
    for (const id of intents) {
      const declined = await fetch(`${stack.stripeApi}/v1/payment_intents/${id}/confirm`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stack.stripeSecretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ payment_method: 'pm_card_chargeDeclined' }).toString(),
      });
      assert.equal(declined.status, 402, 'the declined card is refused');
      await stripe('POST', `/v1/payment_intents/${id}/confirm`, { payment_method: 'pm_card_visa' });
    }
    await waitUntil(
      'every decline and success was refused once by the gateway while orders is down',
      async () => {
        const all = await events();
        return [...ofOurs(all, 'payment_intent.payment_failed'), ...ofOurs(all, 'payment_intent.succeeded')].every((e) =>
          toOrders(e).some((d) => d.attempts.some((a) => a.status !== undefined && a.status >= 500)),
        );
      },
      30_000,
    );
    const looked = placed.get(intents[0])!;
    const statusDuring = await buyer.get(`/api/orders/${looked.orderNumber}?email=${encodeURIComponent(looked.email)}`);
    release('orders');
    await waitUntil('orders is back', async () => (await ready('orders')) === 200, 60_000);
    const countPaid = async () =>
      (await orders.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE payment_intent_id = ANY($1) AND status = 'paid'`, [intents])).rows[0].n;
    const paidAfterMs = await waitUntil('the emulator’s retries paid every order', async () => (await countPaid()) === ORDERS, 90_000);

    // 2. orders killed again; while it restarts, every success is sent again (duplicate) and every decline (older).
    const second = pidOf('orders');
    process.kill(second, 'SIGKILL');
    const all = await events();
    const replayed = [...ofOurs(all, 'payment_intent.succeeded'), ...ofOurs(all, 'payment_intent.payment_failed')];
    const attemptsBefore = new Map(replayed.map((e) => [e.id, toOrders(e).length]));
    for (const e of replayed) await fetch(`${stack.stripeApi}/_emulator/events/${e.id}/resend`, { method: 'POST' });
    await waitUntil('orders is ready again', async () => (await ready('orders')) === 200, 60_000);
    await waitUntil(
      'every replay was delivered',
      async () => {
        const now = new Map((await events()).map((e) => [e.id, e]));
        return replayed.every((e) => {
          const deliveries = toOrders(now.get(e.id)!);
          return deliveries.length > attemptsBefore.get(e.id)! && deliveries.every((d) => d.state === 'delivered');
        });
      },
      120_000,
    );

    // Checks: each order paid, once, at its total; one confirmation email each.
    const { rows } = await orders.query<{
      payment_intent_id: string;
      order_number: string;
      status: string;
      total: string;
      paid_events: number;
      records: number;
    }>(
      `SELECT o.payment_intent_id, o.order_number, o.status, o.total::text AS total,
         (SELECT count(*)::int FROM outbox e WHERE e.type = 'orders.order.paid' AND e.data->>'orderId' = o.id::text) AS paid_events,
         (SELECT count(*)::int FROM stripe_events s WHERE s.payment_intent_id = o.payment_intent_id) AS records
       FROM orders o WHERE o.payment_intent_id = ANY($1)`,
      [intents],
    );
    const wrong: string[] = [];
    for (const row of rows) {
      const intent = await stripe('GET', `/v1/payment_intents/${row.payment_intent_id}`);
      if (row.status !== 'paid' || intent.status !== 'succeeded' || intent.amount_received !== Math.round(Number(row.total) * 100) || row.paid_events !== 1)
        wrong.push(`${row.order_number}: ${row.status}, total ${row.total}, intent ${intent.status} ${intent.amount_received}, ${row.paid_events} paid events`);
    }
    const numbers = rows.map((r) => r.order_number);
    const { perOrder, deliveries } = await orderConfirmations(numbers, 60_000, 2000);
    const final = await events();
    const attempts = (type: string) => ofOurs(final, type).reduce((a, e) => a + toOrders(e).reduce((b, d) => b + d.attempts.length, 0), 0);
    note(
      'webhooks',
      `${ORDERS} checkouts; orders kill -9 and held down (pid ${first}) while each payment was declined then paid ` +
        `(GET order meanwhile ${statusDuring.status}); all paid ${(paidAfterMs / 1000).toFixed(1)} s after orders was back through the emulator's retries; ` +
        `kill -9 again (pid ${second}) and, while it restarted, ${replayed.length} events sent again (each success: duplicate; each decline: older, out of order); ` +
        `delivery attempts to orders: ${attempts('payment_intent.succeeded')} for ${ofOurs(final, 'payment_intent.succeeded').length} successes, ` +
        `${attempts('payment_intent.payment_failed')} for ${ofOurs(final, 'payment_intent.payment_failed').length} declines; checked ${rows.length} orders: ` +
        `${rows.filter((r) => r.status === 'paid').length} paid at their total, ${rows.reduce((a, r) => a + r.paid_events, 0)} paid events, ` +
        `${rows.reduce((a, r) => a + r.records, 0)} Stripe events recorded (2 per order), ${perOrder.reduce((a, n) => a + n, 0)} confirmation emails in ${deliveries} deliveries`,
    );
    assert.equal(statusDuring.status, 503, 'a buyer looking at an order while orders is down gets 503');
    assert.ok(statusDuring.body.message, 'with a message');
    assert.equal(rows.length, ORDERS);
    assert.deepEqual(wrong, [], 'orders not paid exactly once at their total');
    assert.deepEqual(
      rows.filter((r) => r.records !== 2).map((r) => `${r.order_number}: ${r.records} Stripe events recorded`),
      [],
      'each event recorded once, replays refused as duplicates',
    );
    assert.deepEqual(
      numbers.map((n, i) => `${n}: ${perOrder[i]} emails`).filter((_line, i) => perOrder[i] !== 1),
      [],
    );
  });
});
