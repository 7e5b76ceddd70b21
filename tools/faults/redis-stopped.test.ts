import type { CatalogItem } from '@km/contracts/catalog';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { tcpOpen } from '../stack/processes';
import { hold, note, orderConfirmations, pidOf, release, Session, stack, stripe, waitUntil } from './stack';

/**
 * Redis down: the stack's redis-server stopped (SIGTERM, and kept down as a StatefulSet scaled to 0) while
 * contact messages are sent and orders are placed and paid. Rate limits fail as ADR 0012 decided, and ADR 0029 changed
 * for forms: a form is refused with 503 (fail closed, like sign-in), so an outage is never a window for unbounded
 * anonymous writes; checkout keeps counting on each replica (a sale matters more). No mail can leave while Redis (the
 * mail queue) is down: the orders' confirmation emails, whose `orders.order.paid` events cannot be handled meanwhile,
 * each arrive exactly once after the supervisor starts Redis again, and the refused forms never send any.
 * The payout run interrupted by a Redis restart is proved by services/membership/test/payout-crashes.test.ts
 * ("Redis killed and started again on its port mid-run: the run completes with one payout per member").
 */

const MESSAGES = 20;
/** Checkouts placed and paid while Redis is down: their confirmation emails are the mail the outage holds back. */
const ORDERS = 5;
const ADDRESS = '1 Loopback Lane, Localhost, CA 90000, United States';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Mail = { subject: string; to: { address: string }[]; headers?: Record<string, string> };
const mails = async () => (await (await fetch(`${stack.mailApiUrl}/api/email`)).json()) as Mail[];

let orders: Client;
beforeAll(async () => {
  orders = new Client({ connectionString: stack.pgAdminUrl.replace(/\/postgres$/, '/orders') });
  await orders.connect();
});

describe('Redis stopped, then started again', () => {
  afterAll(async () => {
    release('redis');
    await orders.end();
  });

  test(`${MESSAGES} contact messages and ${ORDERS} paid orders while Redis is stopped: forms refused 503 (fail closed), sign-in 503, checkout taken, no mail meanwhile; after Redis returns each order's confirmation arrives exactly once`, async () => {
    const visitor = new Session();
    const buyer = new Session();
    const run = randomUUID().slice(0, 6);
    const products = ((await buyer.get('/api/products')).body as CatalogItem[]).filter((p) => p.inStock);
    assert.ok(products.length > 0, 'the demo catalog has products in stock');
    const redis = pidOf('redis');
    hold('redis');
    process.kill(redis, 'SIGTERM');
    const downMs = Date.now();
    await waitUntil('Redis has stopped', async () => !(await tcpOpen(stack.redisPort)), 10_000);

    const statuses = new Map<number, number>();
    const refusals = new Set<string>();
    await Promise.all(
      Array.from({ length: MESSAGES }, async (_, n) => {
        const body = {
          firstName: 'Priscilla',
          lastName: `Redis${run}x${n}`,
          email: `redis-${run}-${n}@example.com`,
          subject: 'general',
          message: 'Sent while Redis was stopped.',
          privacyAccepted: true,
        };
        const res = await visitor.post('/api/contact-messages', body);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status !== 201) refusals.add(JSON.stringify(res.body));
      }),
    );
    const signIn = await new Session().post('/api/auth/login', stack.admin);
    const readyDuring = await fetch(`${stack.gatewayUrl}/ready`);

    // Checkout needs no Redis (its budget keeps counting on the replica); the paid orders' emails do (the mail queue).
    const placed: { paymentIntentId: string; orderNumber: string }[] = [];
    for (let n = 0; n < ORDERS; n++) {
      const items = [{ productId: products[n % products.length].id, quantity: 1 }];
      const intent = await buyer.post('/api/create-payment-intent', { checkoutId: randomUUID(), items });
      assert.equal(intent.status, 200, `create-payment-intent with Redis down: ${JSON.stringify(intent.body)}`);
      const { paymentIntentId, subtotal, tax, shipping, total } = intent.body;
      const order = { paymentIntentId, customerEmail: `redis-${run}-order-${n}@example.com`, customerName: 'Lydia Redis', shippingAddress: ADDRESS };
      const res = await buyer.post('/api/orders', { ...order, subtotal, tax, shipping, total, items });
      assert.equal(res.status, 201, `POST /api/orders with Redis down: ${JSON.stringify(res.body)}`);
      placed.push({ paymentIntentId, orderNumber: res.body.orderNumber });
    }
    for (const { paymentIntentId } of placed) await stripe('POST', `/v1/payment_intents/${paymentIntentId}/confirm`, { payment_method: 'pm_card_visa' });
    const numbers = placed.map((p) => p.orderNumber);
    const paid = async () =>
      (await orders.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE order_number = ANY($1) AND status = 'paid'`, [numbers])).rows[0].n;
    await waitUntil('every order is paid (its webhook handled while Redis is down)', async () => (await paid()) === ORDERS, 30_000);
    // Long enough for the consumers to have handled every event and a worker to have sent, had they been able to.
    await sleep(3000);
    const ours = (all: Mail[]) =>
      all.filter(
        (m) => m.to.some((t) => t.address.startsWith(`redis-${run}-`)) || m.subject.includes(`Redis${run}x`) || numbers.some((n) => m.subject.includes(n)),
      );
    const duringDown = ours(await mails()).length;
    const stillDownMs = Date.now();

    release('redis');
    await waitUntil('the supervisor started Redis again', async () => pidOf('redis') !== redis && (await tcpOpen(stack.redisPort)), 20_000);
    const upMs = Date.now();
    const { perOrder, deliveries } = await orderConfirmations(numbers, 90_000, 3000); // a duplicate would show by now
    const arrivedMs = Date.now() - upMs;
    const contactMails = (await mails()).filter(
      (m) => m.to.some((t) => t.address.startsWith(`redis-${run}-`) && !t.address.includes('-order-')) || m.subject.includes(`Redis${run}x`),
    );
    note(
      'redis down',
      `redis-server stopped (SIGTERM, held down ${((upMs - downMs) / 1000).toFixed(1)} s): ${MESSAGES} contact messages → ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}; ` +
        `sign-in ${signIn.status}; gateway /ready ${readyDuring.status}; ${placed.length} orders placed and paid; emails while down (${((stillDownMs - downMs) / 1000).toFixed(1)} s): ${duringDown}; ` +
        `after the restart the confirmations arrived, and 3 s passed for a duplicate to show, within ${(arrivedMs / 1000).toFixed(1)} s: ${perOrder.reduce((a, n) => a + n, 0)} emails in ${deliveries} deliveries for ${ORDERS} orders (1 each expected); ` +
        `emails for the refused contact messages: ${contactMails.length}; ` +
        'a payout run interrupted by a Redis restart (one payout per member) is proved by services/membership/test/payout-crashes.test.ts in the integration suite',
    );
    // Changed on purpose (ADR 0029): the form limit fails closed (it failed open before, ADR 0012).
    assert.deepEqual(Object.fromEntries(statuses), { 503: MESSAGES }, 'the form limit fails closed (ADR 0012): no message taken while Redis is down');
    assert.deepEqual(
      [...refusals],
      [JSON.stringify({ statusCode: 503, code: 'unavailable', message: 'Sending forms is temporarily unavailable. Please try again in a few minutes.' })],
    );
    assert.equal(signIn.status, 503, 'sign-in fails closed (ADR 0012)');
    assert.equal(signIn.body.message, 'Sign-in is temporarily unavailable. Please try again in a few minutes.');
    assert.equal(readyDuring.status, 503, 'the gateway’s /ready says Redis is down');
    assert.equal(duringDown, 0, 'no email can leave while Redis (the mail queue) is down');
    assert.deepEqual(
      numbers.map((n, i) => `${n}: ${perOrder[i]} emails`).filter((_line, i) => perOrder[i] !== 1),
      [],
      'orders without exactly one confirmation email',
    );
    assert.equal(deliveries, ORDERS, 'each confirmation delivered once');
    assert.deepEqual(contactMails, [], 'a refused contact message sends no email, even once Redis is back');
    assert.equal((await new Session().post('/api/auth/login', stack.admin)).status, 200, 'sign-in works again');
  });
});
