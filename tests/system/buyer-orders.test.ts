import type { CatalogItem } from '@km/contracts/catalog';
import type { BuyerOrder } from '@km/contracts/orders';
import { eventually, type ServiceProcess, type TestDatabase } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client as Postgres } from 'pg';
import type Stripe from 'stripe';
import { catalogItem, caughtMails, Client, startCheckoutHarness, startGatewayReplica, stripeApi, type CheckoutHarness } from './harness';
import { signedInMember, startMembership } from './member-fixtures';

/**
 * A buyer's way back to an order: the signed link of the confirmation email (ADR 0036), the lookup by number and email,
 * and a member's own order history (ADR 0037), through the gateway against orders, membership and the Stripe emulator.
 */

const LOOKUPS_PER_HOUR = 4;
const SHIPPING_ADDRESS = '3 Potter Street, Corinth, KY 41010, United States';

let h: CheckoutHarness;
let membership: { service: ServiceProcess; db: TestDatabase };
let stripe: Stripe;
let ordersDb: Postgres;
/** A second gateway that trusts X-Forwarded-For, so each test looks up from an address of its own. */
let lookups: INestApplication;

beforeAll(async () => {
  h = await startCheckoutHarness();
  ({ membership, stripe } = await startMembership(h));
  ordersDb = new Postgres({ connectionString: h.orders.db.url });
  await ordersDb.connect();
  lookups = await startGatewayReplica({ TRUST_PROXY: '1', RATE_LIMIT_ORDER_LOOKUPS_PER_HOUR: String(LOOKUPS_PER_HOUR), RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await lookups?.close();
  await ordersDb?.end();
  await membership?.service.stop();
  await membership?.db.drop();
  await h?.stop();
});

/** A random address per call, so earlier runs' counts in Redis never matter. */
const freshAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join('.')}`;
const buyer = (address = freshAddress()) => new Client(lookups, { 'x-forwarded-for': address });
const view = (orderNumber: string, key: unknown, client = buyer()) => client.post(`/api/orders/${encodeURIComponent(orderNumber)}/view`, { key });

/** Places an order for one item through the API (as `client`, a visitor unless told) and pays it at the emulator. */
async function paidOrder(item: CatalogItem, client = new Client(h.gateway)): Promise<{ orderNumber: string; email: string }> {
  const quote = await client.post('/api/create-payment-intent', { checkoutId: randomUUID(), items: [{ productId: item.id, quantity: 2 }] });
  assert.equal(quote.status, 200, JSON.stringify(quote.body));
  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const placed = await client.post('/api/orders', {
    paymentIntentId: quote.body.paymentIntentId,
    customerEmail: email,
    customerName: 'Chloe of Corinth',
    shippingAddress: SHIPPING_ADDRESS,
    items: [{ productId: item.id, quantity: 2 }],
  });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  const paid = await stripeApi(h, 'POST', `/v1/payment_intents/${quote.body.paymentIntentId}/confirm`, { payment_method: 'pm_card_visa' });
  assert.equal(paid.body.status, 'succeeded');
  return { orderNumber: placed.body.orderNumber, email };
}

/** The link in the order's confirmation email (waits for the mail). */
async function mailedLink(orderNumber: string): Promise<URL> {
  await eventually(async () => (await caughtMails(orderNumber)).length > 0, 15_000, 100);
  const [mail] = await caughtMails(orderNumber);
  const found = /See your order's status and print a receipt: (\S+)/.exec(mail.text);
  assert.ok(found, `the confirmation names the order page: ${mail.text}`);
  return new URL(found[1]);
}
const keyOf = (link: URL) => new URLSearchParams(link.hash.slice(1)).get('key')!;

describe('the signed link in the confirmation email', () => {
  test('opens exactly its order: the path is the order number, the key sits in the fragment and names no email', async () => {
    const item = await catalogItem(h, '12.50');
    const { orderNumber, email } = await paidOrder(item);
    const link = await mailedLink(orderNumber);
    assert.equal(link.origin, 'http://localhost:3000');
    assert.equal(link.pathname, `/orders/${orderNumber}`);
    assert.equal(link.search, '', 'nothing in the query string, which servers log');
    assert.match(keyOf(link), /^[A-Za-z0-9_-]{43}$/);
    assert.ok(!link.href.toLowerCase().includes(email.split('@')[0]), 'the link does not carry the email');

    const opened = await view(orderNumber, keyOf(link));
    assert.equal(opened.status, 200, JSON.stringify(opened.body));
    const order = opened.body as BuyerOrder;
    assert.equal(order.orderNumber, orderNumber);
    assert.equal(order.customerEmail, email);
    assert.equal(order.status, 'paid');
    assert.deepEqual(
      order.items.map((l) => [l.productName, l.quantity, l.subtotal]),
      [[item.name, 2, '25.00']],
    );
    assert.deepEqual(
      order.timeline.map((e) => e.kind),
      ['placed', 'paid'],
    );
    // The number in another spelling (as a buyer may type it) opens the same order.
    assert.equal((await view(orderNumber.toLowerCase(), keyOf(link))).body.orderNumber, orderNumber);
  });

  test("a tampered key, another order's key, a malformed key and an unknown number all get the same 404", async () => {
    const item = await catalogItem(h, '7.00');
    const [first, second] = [await paidOrder(item), await paidOrder(item)];
    const [firstKey, secondKey] = [keyOf(await mailedLink(first.orderNumber)), keyOf(await mailedLink(second.orderNumber))];
    const tampered = `${firstKey.slice(0, -2)}${firstKey.endsWith('AA') ? 'BB' : 'AA'}`;

    const unknown = await view('KM-ZZZZZZZZ', firstKey);
    const refusals = [await view(first.orderNumber, tampered), await view(first.orderNumber, secondKey), await view(second.orderNumber, firstKey)];
    assert.equal(unknown.status, 404);
    for (const refusal of refusals) {
      assert.equal(refusal.status, 404);
      assert.deepEqual(Object.keys(refusal.body).sort(), Object.keys(unknown.body).sort());
      assert.equal(refusal.body.code, unknown.body.code);
    }
    assert.equal(refusals[0].body.message, `We could not open order ${first.orderNumber} from that link. Look it up with your email address instead.`);
    assert.equal(unknown.body.message, 'We could not open order KM-ZZZZZZZZ from that link. Look it up with your email address instead.');

    const malformed = await view(first.orderNumber, 'not a key!');
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.message, 'key must be the key from the link in your confirmation email');
    assert.equal((await view(first.orderNumber, undefined)).status, 400);
  });

  test("the buyer's view carries every step a buyer sees, oldest first, and never a staff note", async () => {
    const item = await catalogItem(h, '30.00');
    const { orderNumber } = await paidOrder(item);
    const key = keyOf(await mailedLink(orderNumber));
    const {
      rows: [{ id }],
    } = await ordersDb.query('SELECT id FROM orders WHERE order_number = $1', [orderNumber]);
    const fulfilmentId = randomUUID();
    // The steps as the staff's actions write them, a minute apart.
    const steps: [string, Record<string, unknown>][] = [
      [
        'fulfilled',
        {
          fulfilmentId,
          carrier: 'ups',
          trackingNumber: '1Z999AA10123456784',
          trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
          lines: [{ productId: item.id, productName: item.name, quantity: 2 }],
        },
      ],
      ['note', { text: 'Customer asked for gift wrap', author: 'admin' }],
      ['delivered', { fulfilmentId }],
      ['refunded', { refundId: 'r1', amount: '10.00', refundedTotal: '10.00', reason: 'Scuffed cover' }],
      ['cancelled', { reason: null }],
    ];
    for (const [i, [kind, data]] of steps.entries()) {
      await ordersDb.query(`INSERT INTO order_timeline (order_id, kind, data, created_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`, [
        id,
        kind,
        JSON.stringify(data),
        i + 1,
      ]);
    }
    const order = (await view(orderNumber, key)).body as BuyerOrder;
    assert.deepEqual(
      order.timeline.map((e) => e.kind),
      ['placed', 'paid', 'fulfilled', 'delivered', 'refunded', 'cancelled'],
    );
    const { at: _at, ...shipped } = order.timeline[2] as Extract<BuyerOrder['timeline'][number], { kind: 'fulfilled' }>;
    assert.deepEqual(shipped, { kind: 'fulfilled', ...steps[0][1] });
    assert.deepEqual(order.timeline[4], {
      kind: 'refunded',
      at: order.timeline[4].at,
      refundId: 'r1',
      amount: '10.00',
      refundedTotal: '10.00',
      reason: 'Scuffed cover',
    });
    assert.ok(!JSON.stringify(order).includes('gift wrap'), 'no staff note reaches the buyer');
  });
});

describe('the lookup form (POST /api/order-lookups)', () => {
  test("finds the order by number and email (any case) and answers its link's key; the email is in the body only", async () => {
    const item = await catalogItem(h, '9.00');
    const { orderNumber, email } = await paidOrder(item);
    const found = await buyer().post('/api/order-lookups', { orderNumber: ` ${orderNumber.toLowerCase()} `, email: email.toUpperCase() });
    assert.equal(found.status, 200, JSON.stringify(found.body));
    assert.equal(found.body.order.orderNumber, orderNumber);
    assert.equal(found.body.key, keyOf(await mailedLink(orderNumber)), 'the same key as the emailed link');
    assert.equal((await view(orderNumber, found.body.key)).status, 200);
  });

  test('a wrong number and a wrong email get byte-identical answers (the message repeats only the number typed)', async () => {
    const item = await catalogItem(h, '9.00');
    const { orderNumber, email } = await paidOrder(item);
    const other = await paidOrder(item);
    const unknown = 'KM-ZZZZZZZZ';
    // The same typed number either way: the order exists but the email is someone else's, or it does not exist.
    const wrongEmail = await buyer().post('/api/order-lookups', { orderNumber, email: other.email });
    const notOurs = await buyer().post('/api/order-lookups', { orderNumber: other.orderNumber, email });
    const wrongNumber = await buyer().post('/api/order-lookups', { orderNumber: unknown, email });
    for (const reply of [wrongEmail, notOurs, wrongNumber]) assert.equal(reply.status, 404);
    assert.equal(wrongEmail.body.message, `We could not find order ${orderNumber} for that email address. Check both against your confirmation email.`);
    const typed = (reply: typeof wrongEmail, number: string) => JSON.stringify(reply.body).replaceAll(number, '<typed>');
    assert.equal(typed(wrongNumber, unknown), typed(wrongEmail, orderNumber));
    assert.equal(typed(notOurs, other.orderNumber), typed(wrongEmail, orderNumber));
    assert.equal(wrongNumber.headers.get('content-length'), wrongEmail.headers.get('content-length'));
    // The old GET keeps the same rule for the checkout's success page.
    const getWrongEmail = await new Client(h.gateway).get(`/api/orders/${orderNumber}?email=${encodeURIComponent(other.email)}`);
    assert.equal(JSON.stringify(getWrongEmail.body), JSON.stringify(wrongEmail.body));
  });

  test(`every lookup counts: after ${LOOKUPS_PER_HOUR} from one address the next gets 429 with Retry-After; another address is not affected`, async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LOOKUPS_PER_HOUR; i++) {
      // Right, wrong and invalid lookups all count.
      const body = i === 0 ? {} : { orderNumber: `KM-${i}`, email: 'someone@example.com' };
      statuses.push((await buyer(address).post('/api/order-lookups', body)).status);
    }
    assert.deepEqual(statuses, [400, 404, 404, 404]);
    const refused = await buyer(address).post('/api/order-lookups', { orderNumber: 'KM-AAAAAAAA', email: 'someone@example.com' });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'rate_limited');
    assert.match(
      refused.body.message,
      /^You have looked up many orders from this address in the last hour\. Please try again in \d+ minutes?, or open the link/,
    );
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.equal((await buyer().post('/api/order-lookups', { orderNumber: 'KM-AAAAAAAA', email: 'someone@example.com' })).status, 404);
  });

  test('in parallel, one address gets exactly the budget and 429 for the rest', async () => {
    const address = freshAddress();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => buyer(address).post('/api/order-lookups', { orderNumber: 'KM-AAAAAAAA', email: 'someone@example.com' })),
    ).then((replies) => replies.map((r) => r.status).sort());
    assert.deepEqual(statuses, [...Array(LOOKUPS_PER_HOUR).fill(404), ...Array(12 - LOOKUPS_PER_HOUR).fill(429)]);
  });
});

describe("a member's order history (GET /api/member/orders)", () => {
  test("lists only the member's own orders, newest first, paged; another member's order by number is 404 like an unknown one", async () => {
    const item = await catalogItem(h, '20.00');
    const lydia = await signedInMember(h, stripe);
    const priscilla = await signedInMember(h, stripe);
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push((await paidOrder(item, lydia.client)).orderNumber);
    const theirs = (await paidOrder(item, priscilla.client)).orderNumber;
    await paidOrder(item); // a visitor's order

    const first = await lydia.client.get('/api/member/orders?pageSize=2');
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(
      { total: first.body.total, page: first.body.page, pageSize: first.body.pageSize },
      {
        total: 3,
        page: 1,
        pageSize: 2,
      },
    );
    const second = await lydia.client.get('/api/member/orders?page=2&pageSize=2');
    assert.deepEqual(
      [...first.body.items, ...second.body.items].map((o: { orderNumber: string }) => o.orderNumber),
      [...mine].reverse(),
    );
    assert.deepEqual(
      { ...first.body.items[0], createdAt: undefined, paidAt: undefined, customerEmail: undefined, status: undefined },
      {
        orderNumber: mine[2],
        status: undefined,
        customerName: 'Chloe of Corinth',
        customerEmail: undefined,
        total: '51.03',
        amountReceived: '51.03',
        receivedCurrency: 'usd',
        itemCount: 2,
        createdAt: undefined,
        paidAt: undefined,
      },
    );
    assert.deepEqual(
      (await priscilla.client.get('/api/member/orders')).body.items.map((o: { orderNumber: string }) => o.orderNumber),
      [theirs],
    );

    const own = await lydia.client.get(`/api/member/orders/${mine[0]}`);
    assert.equal(own.status, 200);
    assert.equal(own.body.orderNumber, mine[0]);
    assert.equal(own.body.memberDiscount, '2.00');
    const other = await lydia.client.get(`/api/member/orders/${theirs}`);
    const unknown = await lydia.client.get('/api/member/orders/KM-ZZZZZZZZ');
    assert.equal(other.status, 404);
    assert.equal(JSON.stringify(other.body), JSON.stringify(unknown.body).replace('KM-ZZZZZZZZ', theirs));
  });

  test('is for members only: 401 signed out; bad paging is a 400 naming the field', async () => {
    assert.equal((await new Client(h.gateway).get('/api/member/orders')).status, 401);
    assert.equal((await new Client(h.gateway).get('/api/member/orders/KM-AAAAAAAA')).status, 401);
    const { client } = await signedInMember(h, stripe);
    const bad = await client.get('/api/member/orders?pageSize=1000');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'pageSize must be a whole number from 1 to 100');
    // A memberId in the query is not the browser's to choose.
    const empty = await client.get(`/api/member/orders?memberId=${randomUUID()}`);
    assert.deepEqual(empty.body, { items: [], total: 0, page: 1, pageSize: 20 });
  });
});
