import type { CatalogItem } from '@km/contracts/catalog';
import { OrdersEvents, OrdersSubjects, type OrderSummary, type PaymentIntentQuote } from '@km/contracts/orders';
import type { OrderStatus } from '@km/contracts/vocabulary';
import { natsConnectOptions } from '@km/nest-kit';
import { eventually, testNatsUrl, testServers } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { Client as Postgres } from 'pg';
import { loadGatewayConfig } from '@km/gateway/dist/src/config';
import { createGateway } from '@km/gateway/dist/src/create-gateway';
import {
  ADMIN,
  catalogItem,
  caughtMails,
  Client,
  paymentIntentEvent,
  publishedEvents,
  startCheckoutHarness,
  stripeApi,
  stripeEvent,
  stripeSignature,
  testStorageEnv,
  updateCatalogItem,
  type CheckoutHarness,
} from './harness';

let h: CheckoutHarness;
let db: Postgres;

beforeAll(async () => {
  h = await startCheckoutHarness();
  db = new Postgres({ connectionString: h.orders.db.url });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await h.stop();
});

const visitor = () => new Client(h.gateway);
const uniqueEmail = () => `buyer-${randomUUID().slice(0, 8)}@example.com`;
const SHIPPING_ADDRESS = '12 Gleaning Way, Bethlehem, PA 18015, United States';

type Line = [CatalogItem, number];

async function quote(lines: Line[], extra: Record<string, unknown> = {}, checkoutId: string = randomUUID()): Promise<PaymentIntentQuote> {
  const res = await visitor().post('/api/create-payment-intent', {
    checkoutId,
    items: lines.map(([item, quantity]) => ({ productId: item.id, quantity })),
    ...extra,
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}

/** Spec §3's order payload as the checkout page sends it, built from a quote. */
const orderBody = (q: PaymentIntentQuote, overrides: Record<string, unknown> = {}) => ({
  paymentIntentId: q.paymentIntentId,
  customerEmail: uniqueEmail(),
  customerName: 'Ruth of Moab',
  customerPhone: '',
  shippingAddress: SHIPPING_ADDRESS,
  billingAddress: SHIPPING_ADDRESS,
  subtotal: q.subtotal,
  tax: q.tax,
  shipping: q.shipping,
  total: q.total,
  items: q.items,
  ...overrides,
});

async function placeOrder(lines: Line[], overrides: Record<string, unknown> = {}) {
  const q = await quote(lines);
  const body = orderBody(q, overrides);
  const res = await visitor().post('/api/orders', body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return { quote: q, body, orderNumber: res.body.orderNumber as string, email: body.customerEmail as string };
}

const paymentIntent = async (id: string) => (await stripeApi(h, 'GET', `/v1/payment_intents/${id}`)).body;
/** The intent as Stripe would put it in an event: its amount and the metadata our server gave it (cart fingerprint included). */
const intentForEvent = async (id: string) => {
  const { amount, metadata } = await paymentIntent(id);
  return { id, amount: amount as number, metadata: metadata as Record<string, string> };
};

/** What the buyer sees for an order. */
const lookup = (orderNumber: string, email: string) => visitor().get(`/api/orders/${orderNumber}?email=${encodeURIComponent(email)}`);
const statusOf = async (orderNumber: string, email: string) => (await lookup(orderNumber, email)).body.status as OrderStatus;

/** Posts a Stripe event to the webhook as Stripe would, signed now unless told otherwise. */
const deliver = (payload: string, signature: string | null = stripeSignature(payload)) =>
  visitor().request('POST', '/api/webhooks/stripe', payload, {
    'content-type': 'application/json; charset=utf-8',
    ...(signature === null ? {} : { 'stripe-signature': signature }),
  });

const rowCount = async (sql: string, params: unknown[]) => Number((await db.query(sql, params)).rows[0].count);
const paidEventsFor = (orderNumber: string) => publishedEvents(OrdersEvents.paid, (e) => e.orderNumber === orderNumber);

/** Waits until the confirmation for this order arrived, then long enough to be sure no second one follows. */
async function confirmationsOf(orderNumber: string) {
  await eventually(async () => (await caughtMails(orderNumber)).length > 0, 15_000, 100);
  await new Promise((r) => setTimeout(r, 700));
  return caughtMails(orderNumber);
}

describe('POST /api/create-payment-intent prices the cart on the server', () => {
  test('a 49.99 cart pays 4.00 tax and 9.99 shipping, and the PaymentIntent charges exactly 63.98 USD', async () => {
    const item = await catalogItem(h, '49.99');
    const q = await quote([[item, 1]]);
    assert.deepEqual(
      { subtotal: q.subtotal, tax: q.tax, shipping: q.shipping, total: q.total },
      { subtotal: '49.99', tax: '4.00', shipping: '9.99', total: '63.98' },
    );
    assert.deepEqual(q.items, [{ productId: item.id, productName: item.name, productPrice: '49.99', quantity: 1, subtotal: '49.99' }]);
    assert.match(q.paymentIntentId, /^pi_/);
    assert.match(q.clientSecret, new RegExp(`^${q.paymentIntentId}_secret_`));
    const intent = await paymentIntent(q.paymentIntentId);
    assert.equal(intent.amount, 6398);
    assert.equal(intent.currency, 'usd');
    assert.equal(intent.automatic_payment_methods.enabled, true);
    assert.equal(intent.metadata.km_source, 'orders');
    assert.match(intent.metadata.cart_fingerprint, /^[0-9a-f]{32}$/);
  });

  test('a subtotal of exactly 50.00 still pays shipping: 50.00 + 4.00 + 9.99 = 63.99', async () => {
    const item = await catalogItem(h, '25.00');
    const q = await quote([[item, 2]]);
    assert.deepEqual([q.subtotal, q.tax, q.shipping, q.total], ['50.00', '4.00', '9.99', '63.99']);
    assert.equal(q.items[0].subtotal, '50.00');
    assert.equal((await paymentIntent(q.paymentIntentId)).amount, 6399);
  });

  test('a subtotal of 50.01 ships free: 50.01 + 4.00 = 54.01', async () => {
    const item = await catalogItem(h, '50.01');
    const q = await quote([[item, 1]]);
    assert.deepEqual([q.subtotal, q.tax, q.shipping, q.total], ['50.01', '4.00', '0.00', '54.01']);
    assert.equal((await paymentIntent(q.paymentIntentId)).amount, 5401);
  });

  test('thirteen lines with awkward prices add up to the exact cent', async () => {
    const prices: [string, number][] = [
      ['0.01', 99],
      ['0.33', 3],
      ['19.99', 7],
      ['1.10', 9],
      ['12.34', 1],
      ['0.07', 11],
      ['3.33', 3],
      ['99.99', 2],
      ['0.10', 10],
      ['7.77', 7],
      ['45.00', 1],
      ['0.99', 99],
      ['2.50', 4],
    ];
    const lines: Line[] = [];
    for (const [price, quantity] of prices) lines.push([await catalogItem(h, price), quantity]);
    const q = await quote(lines);
    // 583.29 subtotal; 8 % = 46.6632 → 46.66; free shipping.
    assert.deepEqual([q.subtotal, q.tax, q.shipping, q.total], ['583.29', '46.66', '0.00', '629.95']);
    assert.deepEqual(
      q.items.map((i) => i.subtotal),
      ['0.99', '0.99', '139.93', '9.90', '12.34', '0.77', '9.99', '199.98', '1.00', '54.39', '45.00', '98.01', '10.00'],
    );
    assert.equal((await paymentIntent(q.paymentIntentId)).amount, 62995);
  });

  test('a tampered client amount is never charged: the PaymentIntent carries the server total', async () => {
    const item = await catalogItem(h, '30.00');
    const q = await quote([[item, 1]], { amount: 0.5 });
    assert.equal(q.total, '42.39');
    assert.equal((await paymentIntent(q.paymentIntentId)).amount, 4239);
  });

  test('the same checkoutId and cart get the same PaymentIntent back; a changed cart or a new checkout gets another', async () => {
    const item = await catalogItem(h, '10.00');
    const checkoutId = randomUUID();
    const first = await quote([[item, 1]], {}, checkoutId);
    const retry = await quote([[item, 1]], {}, checkoutId);
    assert.equal(retry.paymentIntentId, first.paymentIntentId);
    assert.equal(retry.clientSecret, first.clientSecret);
    const more = await quote([[item, 2]], {}, checkoutId);
    assert.notEqual(more.paymentIntentId, first.paymentIntentId);
    assert.equal((await paymentIntent(more.paymentIntentId)).amount, 3159);
    assert.notEqual((await quote([[item, 1]])).paymentIntentId, first.paymentIntentId);
  });

  test('an unknown product is a 409 naming it, and no PaymentIntent is made', async () => {
    const known = await catalogItem(h, '5.00');
    const ghost = randomUUID();
    const intentsMade = async () =>
      ((await (await fetch(`${h.stripe.url}/_emulator/events?type=payment_intent.created`)).json()) as { data: unknown[] }).data.length;
    const before = await intentsMade();
    const res = await visitor().post('/api/create-payment-intent', {
      checkoutId: randomUUID(),
      items: [
        { productId: known.id, quantity: 1 },
        { productId: ghost, quantity: 1 },
      ],
    });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, {
      statusCode: 409,
      code: 'conflict',
      message: `The product with id ${ghost} is no longer sold. Remove it from your cart to continue.`,
      details: { reason: 'product_unavailable', unavailable: [{ productId: ghost, name: null, reason: 'unknown' }] },
    });
    assert.equal(await intentsMade(), before);
  });

  test('an out-of-stock product is a 409 naming it', async () => {
    const item = await catalogItem(h, '12.00', { name: 'Olive Wood Cross', inStock: false });
    const res = await visitor().post('/api/create-payment-intent', { checkoutId: randomUUID(), items: [{ productId: item.id, quantity: 1 }] });
    assert.equal(res.status, 409);
    assert.equal(res.body.message, '"Olive Wood Cross" is out of stock. Remove it from your cart to continue.');
  });

  for (const [name, quantity] of [
    ['zero', 0],
    ['100', 100],
    ['1.5', 1.5],
    ['the string "2"', '2'],
    ['-1', -1],
  ] as const) {
    test(`a quantity of ${name} is a 400 naming the line's quantity`, async () => {
      const item = await catalogItem(h, '5.00');
      const res = await visitor().post('/api/create-payment-intent', { checkoutId: randomUUID(), items: [{ productId: item.id, quantity }] });
      assert.equal(res.status, 400);
      assert.equal(res.body.message, 'items.0.quantity: must be a whole number from 1 to 99');
      assert.deepEqual(res.body.details.fields, [{ field: 'items.0.quantity', message: 'must be a whole number from 1 to 99' }]);
    });
  }

  test('a missing checkoutId, an empty cart and a product listed twice are 400s that say what to fix', async () => {
    const noCheckout = await visitor().post('/api/create-payment-intent', { items: [{ productId: randomUUID(), quantity: 1 }] });
    assert.equal(noCheckout.status, 400);
    assert.equal(noCheckout.body.message, 'checkoutId must be a UUID the browser makes once per checkout (crypto.randomUUID())');
    const empty = await visitor().post('/api/create-payment-intent', { checkoutId: randomUUID(), items: [] });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.message, 'items must list at least one product');
    const id = randomUUID();
    const twice = await visitor().post('/api/create-payment-intent', {
      checkoutId: randomUUID(),
      items: [
        { productId: id, quantity: 1 },
        { productId: id, quantity: 2 },
      ],
    });
    assert.equal(twice.status, 400);
    assert.equal(twice.body.message, `items.1.productId: product ${id} appears twice; send one line with the total quantity`);
  });
});

describe('POST /api/orders', () => {
  test('creates a pending order priced from the catalog, ignoring client prices and totals, and answers 201 with a KM- number', async () => {
    const bible = await catalogItem(h, '19.99', { name: 'Grace Study Bible' });
    const q = await quote([[bible, 2]]);
    const body = orderBody(q, {
      subtotal: '1.00',
      tax: '0.00',
      shipping: '0.00',
      total: '1.00',
      items: [{ productId: bible.id, productName: 'Cheap Bible', productPrice: '0.50', quantity: 2, subtotal: '1.00' }],
    });
    const res = await visitor().post('/api/orders', body);
    assert.equal(res.status, 201);
    assert.match(res.body.orderNumber, /^KM-[0-9A-HJKMNP-TV-Z]{8}$/);
    assert.deepEqual(res.body, {
      orderNumber: res.body.orderNumber,
      status: 'pending_payment',
      subtotal: '39.98',
      tax: '3.20',
      shipping: '9.99',
      total: '53.17',
    });
    const seen = await lookup(res.body.orderNumber, body.customerEmail);
    assert.equal(seen.status, 200);
    assert.deepEqual(
      { ...seen.body, createdAt: undefined },
      {
        orderNumber: res.body.orderNumber,
        status: 'pending_payment',
        customerName: 'Ruth of Moab',
        customerEmail: body.customerEmail,
        shippingAddress: SHIPPING_ADDRESS,
        billingAddress: SHIPPING_ADDRESS,
        items: [{ productId: bible.id, productName: 'Grace Study Bible', productPrice: '19.99', quantity: 2, subtotal: '39.98' }],
        subtotal: '39.98',
        tax: '3.20',
        shipping: '9.99',
        total: '53.17',
        createdAt: undefined,
        paidAt: null,
        timeline: [{ kind: 'placed', at: seen.body.createdAt }],
      },
    );
    assert.ok(Math.abs(Date.parse(seen.body.createdAt) - Date.now()) < 60_000);
  });

  test('repeating the call for the same payment intent returns the same order with 200', async () => {
    const item = await catalogItem(h, '15.00');
    const { body, orderNumber } = await placeOrder([[item, 1]]);
    const again = await visitor().post('/api/orders', body);
    assert.equal(again.status, 200);
    assert.equal(again.body.orderNumber, orderNumber);
    assert.equal(await rowCount('SELECT count(*) FROM orders WHERE payment_intent_id = $1', [body.paymentIntentId]), 1);
  });

  test('five concurrent calls for one payment intent make exactly one order, and all five get its number', async () => {
    const item = await catalogItem(h, '22.00');
    const q = await quote([[item, 1]]);
    const body = orderBody(q);
    const replies = await Promise.all(Array.from({ length: 5 }, () => visitor().post('/api/orders', body)));
    assert.deepEqual(replies.map((r) => r.status).sort(), [200, 200, 200, 200, 201]);
    assert.equal(new Set(replies.map((r) => r.body.orderNumber)).size, 1);
    assert.equal(await rowCount('SELECT count(*) FROM orders WHERE payment_intent_id = $1', [q.paymentIntentId]), 1);
    assert.equal(
      await rowCount('SELECT count(*) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.payment_intent_id = $1', [q.paymentIntentId]),
      1,
    );
  });

  test("a double click's two identical order posts reach the orders service once, and are answered 201 and 200 with one order", async () => {
    const item = await catalogItem(h, '23.00');
    const q = await quote([[item, 1]]);
    const body = orderBody(q);
    // A plain subscriber beside orders' queue group sees every order request on the bus (and answers none).
    const nc = await connect(natsConnectOptions(testNatsUrl('orders'), 'test-order-requests'));
    const requests: string[] = [];
    nc.subscribe(OrdersSubjects.createOrder, { callback: (_error, msg) => requests.push(msg.string()) });
    await nc.flush();
    try {
      const replies = await Promise.all([visitor().post('/api/orders', body), visitor().post('/api/orders', body)]);
      assert.deepEqual(replies.map((r) => r.status).sort(), [200, 201]);
      assert.equal(replies[0].body.orderNumber, replies[1].body.orderNumber);
      await nc.flush();
      assert.equal(requests.filter((r) => r.includes(q.paymentIntentId)).length, 1);
      assert.equal(await rowCount('SELECT count(*) FROM orders WHERE payment_intent_id = $1', [q.paymentIntentId]), 1);
    } finally {
      await nc.close();
    }
  });

  test('when the price changed since the payment intent, the order is refused with 409 and the new totals, and the intent now charges them', async () => {
    const item = await catalogItem(h, '20.00');
    const q = await quote([[item, 1]]);
    assert.equal((await paymentIntent(q.paymentIntentId)).amount, 3159);
    await updateCatalogItem(h, item, { price: '60.00' });
    const body = orderBody(q);
    const refused = await visitor().post('/api/orders', body);
    assert.equal(refused.status, 409);
    assert.deepEqual(refused.body, {
      statusCode: 409,
      code: 'conflict',
      message: 'Your cart changed; please review the total and try again.',
      details: { reason: 'cart_changed', subtotal: '60.00', tax: '4.80', shipping: '0.00', total: '64.80' },
    });
    assert.equal(await rowCount('SELECT count(*) FROM orders WHERE payment_intent_id = $1', [q.paymentIntentId]), 0);
    assert.equal((await paymentIntent(q.paymentIntentId)).amount, 6480);
    const retried = await visitor().post('/api/orders', body);
    assert.equal(retried.status, 201);
    assert.equal(retried.body.total, '64.80');
  });

  test('an order for a different cart than the payment intent was made for is refused until the intent is updated', async () => {
    const item = await catalogItem(h, '10.00');
    const q = await quote([[item, 1]]);
    const bigger = orderBody(q, { items: [{ productId: item.id, quantity: 3 }] });
    const refused = await visitor().post('/api/orders', bigger);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.details.total, '42.39');
    assert.equal((await paymentIntent(q.paymentIntentId)).amount, 4239);
  });

  test('an unknown payment intent and one this shop did not start are 400s naming paymentIntentId', async () => {
    const item = await catalogItem(h, '10.00');
    const q = await quote([[item, 1]]);
    const foreign = (await stripeApi(h, 'POST', '/v1/payment_intents', { amount: '2079', currency: 'usd' })).body;
    for (const paymentIntentId of ['pi_doesnotexist123', foreign.id]) {
      const res = await visitor().post('/api/orders', orderBody(q, { paymentIntentId }));
      assert.equal(res.status, 400);
      assert.equal(res.body.message, 'paymentIntentId is not a payment this shop started. Reload the checkout page to start again.');
      assert.deepEqual(
        res.body.details.fields.map((f: { field: string }) => f.field),
        ['paymentIntentId'],
      );
    }
  });

  test('a product that went out of stock after the payment intent is a 409 naming it, and no order is made', async () => {
    const item = await catalogItem(h, '8.00', { name: 'Psalms Journal' });
    const q = await quote([[item, 1]]);
    await updateCatalogItem(h, item, { inStock: false });
    const res = await visitor().post('/api/orders', orderBody(q));
    assert.equal(res.status, 409);
    assert.equal(res.body.message, '"Psalms Journal" is out of stock. Remove it from your cart to continue.');
    assert.equal(await rowCount('SELECT count(*) FROM orders WHERE payment_intent_id = $1', [q.paymentIntentId]), 0);
  });

  test('a product the catalog no longer has is a 409 naming it by the name the cart showed', async () => {
    const item = await catalogItem(h, '8.00');
    const q = await quote([[item, 1]]);
    const ghost = randomUUID();
    const res = await visitor().post('/api/orders', orderBody(q, { items: [{ productId: ghost, productName: 'Shofar Horn', quantity: 1 }] }));
    assert.equal(res.status, 409);
    assert.equal(res.body.message, '"Shofar Horn" is no longer sold. Remove it from your cart to continue.');
  });

  test('a malformed order is a 400 naming every bad field, and nothing is stored', async () => {
    const res = await visitor().post('/api/orders', {
      paymentIntentId: 'nope',
      customerEmail: 'not-an-email',
      customerName: '  ',
      items: [{ productId: randomUUID(), quantity: 0 }],
    });
    assert.equal(res.status, 400);
    assert.deepEqual(
      res.body.details.fields.map((f: { field: string }) => f.field),
      ['paymentIntentId', 'customerEmail', 'customerName', 'shippingAddress', 'items.0.quantity'],
    );
    assert.equal(
      res.body.message,
      'paymentIntentId must be the id /api/create-payment-intent returned (pi_…); customerEmail must be a valid email address; customerName is required; shippingAddress is required; items.0.quantity: must be a whole number from 1 to 99',
    );
  });
});

describe('POST /api/webhooks/stripe', () => {
  test('a card payment confirmed at Stripe reaches the order through the signed webhook: paid, one orders.order.paid, one confirmation email', async () => {
    const item = await catalogItem(h, '34.50', { name: 'Hymns of Zion' });
    const { quote: q, orderNumber, email } = await placeOrder([[item, 1]]);
    const confirmed = await stripeApi(h, 'POST', `/v1/payment_intents/${q.paymentIntentId}/confirm`, { payment_method: 'pm_card_visa' });
    assert.equal(confirmed.body.status, 'succeeded');
    await eventually(async () => (await statusOf(orderNumber, email)) === 'paid', 10_000, 100);
    const order = (await lookup(orderNumber, email)).body;
    assert.ok(order.paidAt);
    assert.deepEqual(order.timeline, [
      { kind: 'placed', at: order.createdAt },
      { kind: 'paid', at: order.paidAt, amount: '47.25' },
    ]);
    const mails = await confirmationsOf(orderNumber);
    assert.equal(mails.length, 1);
    assert.equal(mails[0].subject, `Order ${orderNumber} confirmed - Kingdom Marketplace`);
    assert.equal(mails[0].to[0].address, email);
    assert.match(mails[0].text, /1 × Hymns of Zion at \$34\.50 = \$34\.50/);
    assert.match(mails[0].text, /Total: \$47\.25/);
    assert.match(mails[0].text, new RegExp(SHIPPING_ADDRESS));
    const events = await eventually(async () => (await paidEventsFor(orderNumber)).length > 0 && paidEventsFor(orderNumber), 5000, 100);
    assert.equal(events.length, 1);
    // paymentIntentId: the catalog sells what the intent reserved (ADR 0032).
    assert.deepEqual({ ...events[0].data, orderId: undefined }, { orderId: undefined, orderNumber, paymentIntentId: q.paymentIntentId, email, total: '47.25' });
  });

  test('a wrong signature is a 400 with a message, and the order is not touched', async () => {
    const item = await catalogItem(h, '9.00');
    const { quote: q, orderNumber, email } = await placeOrder([[item, 1]]);
    const payload = paymentIntentEvent('payment_intent.succeeded', { id: q.paymentIntentId, amount: 1971, metadata: { km_source: 'orders' } });
    const forged = await deliver(payload, stripeSignature(payload, undefined, 'whsec_someone_else'));
    assert.equal(forged.status, 400);
    assert.deepEqual(forged.body, {
      statusCode: 400,
      code: 'invalid',
      message: 'Stripe webhook refused: the Stripe-Signature header does not match the body and our webhook secret.',
    });
    const tampered = await deliver(payload.replace('"amount":1971', '"amount":1'), stripeSignature(payload));
    assert.equal(tampered.status, 400);
    assert.equal(await statusOf(orderNumber, email), 'pending_payment');
  });

  test('a signature older than 300 seconds is a 400 saying so; one 299 seconds old is accepted', async () => {
    const item = await catalogItem(h, '9.00');
    const { quote: q, orderNumber, email } = await placeOrder([[item, 1]]);
    const payload = paymentIntentEvent('payment_intent.payment_failed', { id: q.paymentIntentId, amount: 1971, metadata: { km_source: 'orders' } });
    const stale = await deliver(payload, stripeSignature(payload, Math.floor(Date.now() / 1000) - 301));
    assert.equal(stale.status, 400);
    assert.equal(stale.body.message, 'Stripe webhook refused: the signature is more than 300 seconds old.');
    assert.equal(await statusOf(orderNumber, email), 'pending_payment');
    const fresh = await deliver(payload, stripeSignature(payload, Math.floor(Date.now() / 1000) - 299));
    assert.equal(fresh.status, 200);
    assert.deepEqual(fresh.body, { received: true, outcome: 'payment_failed' });
    assert.equal(await statusOf(orderNumber, email), 'payment_failed');
  });

  test('a missing signature or a body that is not JSON is a 400', async () => {
    const payload = paymentIntentEvent('payment_intent.succeeded', { id: 'pi_missing_signature', amount: 100 });
    const unsigned = await deliver(payload, null);
    assert.equal(unsigned.status, 400);
    assert.equal(unsigned.body.message, 'Stripe webhook refused: the Stripe-Signature header is missing.');
    const text = await visitor().request('POST', '/api/webhooks/stripe', payload, {
      'content-type': 'text/plain',
      'stripe-signature': stripeSignature(payload),
    });
    assert.equal(text.status, 400);
    assert.equal(text.body.message, 'Stripe webhook refused: the body must be the JSON event Stripe sent, with Content-Type: application/json.');
  });

  test('one event delivered five times at once pays the order once, publishes one orders.order.paid and sends one email', async () => {
    const item = await catalogItem(h, '18.00');
    const { quote: q, orderNumber, email } = await placeOrder([[item, 1]]);
    const intent = await intentForEvent(q.paymentIntentId);
    assert.equal(intent.amount, 2943);
    const payload = paymentIntentEvent('payment_intent.succeeded', intent);
    const replies = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
    assert.deepEqual(
      replies.map((r) => r.status),
      [200, 200, 200, 200, 200],
    );
    assert.deepEqual(replies.map((r) => r.body.outcome).sort(), ['duplicate', 'duplicate', 'duplicate', 'duplicate', 'paid']);
    assert.equal(await statusOf(orderNumber, email), 'paid');
    assert.equal((await confirmationsOf(orderNumber)).length, 1);
    await eventually(async () => (await paidEventsFor(orderNumber)).length > 0, 5000, 100);
    assert.equal((await paidEventsFor(orderNumber)).length, 1);
    assert.equal(await rowCount(`SELECT count(*) FROM outbox WHERE type = $1 AND data->>'orderNumber' = $2`, [OrdersEvents.paid, orderNumber]), 1);
  });

  test('failed then succeeded (delivered out of order) ends paid; a failure arriving after the payment leaves it paid', async () => {
    const item = await catalogItem(h, '18.00');
    const { quote: q, orderNumber, email } = await placeOrder([[item, 1]]);
    const intent = await intentForEvent(q.paymentIntentId);
    assert.equal(intent.amount, 2943);
    const now = Math.floor(Date.now() / 1000);
    const failed = await deliver(paymentIntentEvent('payment_intent.payment_failed', intent, now - 5));
    assert.deepEqual(failed.body, { received: true, outcome: 'payment_failed' });
    assert.equal(await statusOf(orderNumber, email), 'payment_failed');
    const succeeded = await deliver(paymentIntentEvent('payment_intent.succeeded', intent, now));
    assert.deepEqual(succeeded.body, { received: true, outcome: 'paid' });
    const lateFailure = await deliver(paymentIntentEvent('payment_intent.payment_failed', intent, now - 10));
    assert.deepEqual(lateFailure.body, { received: true, outcome: 'unchanged' });
    assert.equal(await statusOf(orderNumber, email), 'paid');
    assert.equal((await confirmationsOf(orderNumber)).length, 1);
  });

  test('a declined card at Stripe marks the order failed; paying with another card then marks it paid', async () => {
    const item = await catalogItem(h, '26.00');
    const { quote: q, orderNumber, email } = await placeOrder([[item, 1]]);
    const declined = await stripeApi(h, 'POST', `/v1/payment_intents/${q.paymentIntentId}/confirm`, { payment_method: 'pm_card_chargeDeclined' });
    assert.equal(declined.status, 402);
    await eventually(async () => (await statusOf(orderNumber, email)) === 'payment_failed', 10_000, 100);
    const paid = await stripeApi(h, 'POST', `/v1/payment_intents/${q.paymentIntentId}/confirm`, { payment_method: 'pm_card_visa' });
    assert.equal(paid.body.status, 'succeeded');
    await eventually(async () => (await statusOf(orderNumber, email)) === 'paid', 10_000, 100);
  });

  test('events about things that are not our orders are acknowledged with 200 and change nothing', async () => {
    const foreign = (await stripeApi(h, 'POST', '/v1/payment_intents', { amount: '500', currency: 'usd' })).body;
    const subscription = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'customer.subscription.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'sub_123', object: 'subscription' } },
    });
    const invoice = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'in_123', object: 'invoice' } },
    });
    const before = await rowCount('SELECT count(*) FROM stripe_events', []);
    for (const payload of [subscription, invoice, paymentIntentEvent('payment_intent.succeeded', { id: foreign.id, amount: 500 })]) {
      const res = await deliver(payload);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { received: true, outcome: 'ignored' });
    }
    assert.equal(await rowCount('SELECT count(*) FROM stripe_events', []), before);
  });

  test('a payment that succeeded before the browser created the order is recorded, and the order is paid the moment it is created', async () => {
    const item = await catalogItem(h, '40.00');
    const q = await quote([[item, 1]]);
    const intent = await intentForEvent(q.paymentIntentId);
    assert.equal(intent.amount, 5319);
    const early = await deliver(paymentIntentEvent('payment_intent.succeeded', intent));
    assert.deepEqual(early.body, { received: true, outcome: 'recorded' });
    const body = orderBody(q);
    const created = await visitor().post('/api/orders', body);
    assert.equal(created.status, 201);
    assert.equal(created.body.status, 'paid');
    assert.equal(created.body.total, '53.19');
    const mails = await confirmationsOf(created.body.orderNumber);
    assert.equal(mails.length, 1);
    assert.equal(mails[0].to[0].address, body.customerEmail);
  });

  test('the success webhook and the order post at the same moment, 30 times: every order ends paid, with one orders.order.paid each', async () => {
    const item = await catalogItem(h, '12.00');
    const quotes = await Promise.all(Array.from({ length: 30 }, () => quote([[item, 1]])));
    const intents = await Promise.all(quotes.map((q) => intentForEvent(q.paymentIntentId)));
    const runs = await Promise.all(
      quotes.map(async (q, i) => {
        const body = orderBody(q);
        const [created, hook] = await Promise.all([visitor().post('/api/orders', body), deliver(paymentIntentEvent('payment_intent.succeeded', intents[i]))]);
        return { created, hook, email: body.customerEmail as string };
      }),
    );
    for (const { created, hook, email } of runs) {
      assert.equal(created.status, 201, JSON.stringify(created.body));
      // Whichever took the intent's lock first: the webhook found the order and paid it, or recorded the payment
      // and the order was paid the moment it was created.
      if (hook.body.outcome === 'paid') assert.equal(created.body.status, 'pending_payment');
      else {
        assert.equal(hook.body.outcome, 'recorded');
        assert.equal(created.body.status, 'paid');
      }
      assert.equal(await statusOf(created.body.orderNumber, email), 'paid');
    }
    const numbers = runs.map((r) => r.created.body.orderNumber as string);
    const { rows } = await db.query(
      `SELECT data->>'orderNumber' AS number, count(*)::int AS n FROM outbox WHERE type = $1 AND data->>'orderNumber' = ANY($2) GROUP BY 1`,
      [OrdersEvents.paid, numbers],
    );
    assert.deepEqual(Object.fromEntries(rows.map((r) => [r.number, r.n])), Object.fromEntries(numbers.map((n) => [n, 1])));
  });

  test('while SMTP is down the confirmation waits; once it is back the buyer gets it exactly once', async () => {
    const item = await catalogItem(h, '16.00');
    const { quote: q, orderNumber, email } = await placeOrder([[item, 1]]);
    h.smtp.down();
    try {
      const intent = await intentForEvent(q.paymentIntentId);
      assert.equal(intent.amount, 2727);
      const paid = await deliver(paymentIntentEvent('payment_intent.succeeded', intent));
      assert.equal(paid.body.outcome, 'paid');
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal((await caughtMails(orderNumber)).length, 0);
    } finally {
      h.smtp.up();
    }
    const mails = await confirmationsOf(orderNumber);
    assert.equal(mails.length, 1);
    assert.equal(mails[0].to[0].address, email);
  });
});

describe('refunds of store orders (charge.refunded)', () => {
  const refundedEventsFor = (orderNumber: string) => publishedEvents(OrdersEvents.refunded, (e) => e.orderNumber === orderNumber);
  /** A `charge.refunded` event as Stripe signs it: the charge of `paymentIntentId` with its refunded sum so far. */
  const chargeRefunded = (paymentIntentId: string, amount: number, amountRefunded: number, created?: number) =>
    stripeEvent(
      'charge.refunded',
      {
        id: `ch_${paymentIntentId.slice(3)}`,
        object: 'charge',
        amount,
        amount_refunded: amountRefunded,
        refunded: amountRefunded === amount,
        currency: 'usd',
        payment_intent: paymentIntentId,
        status: 'succeeded',
      },
      created,
    );

  test('each refund of a paid order is published once as orders.order.refunded with what it gave back and the sum so far', async () => {
    const item = await catalogItem(h, '34.50');
    const { quote: q, orderNumber, email } = await placeOrder([[item, 1]]);
    await stripeApi(h, 'POST', `/v1/payment_intents/${q.paymentIntentId}/confirm`, { payment_method: 'pm_card_visa' });
    await eventually(async () => (await statusOf(orderNumber, email)) === 'paid', 10_000, 100);
    // 47.25 paid: 10.00 back, then the rest.
    await stripeApi(h, 'POST', '/v1/refunds', { payment_intent: q.paymentIntentId, amount: '1000' });
    await eventually(async () => (await refundedEventsFor(orderNumber)).length === 1, 10_000, 100);
    await stripeApi(h, 'POST', '/v1/refunds', { payment_intent: q.paymentIntentId });
    const events = await eventually(async () => {
      const found = await refundedEventsFor(orderNumber);
      return found.length === 2 && found;
    }, 10_000);
    assert.deepEqual(
      events.map((e) => [e.data.amount, e.data.refundedTotal]).sort((a, b) => Number(a[1]) - Number(b[1])),
      [
        ['10.00', '10.00'],
        ['37.25', '47.25'],
      ],
    );
    assert.ok(events.every((e) => !Number.isNaN(Date.parse(e.data.refundedAt)) && e.data.orderNumber === orderNumber));
    const { rows } = await db.query(`SELECT amount_refunded::text AS refunded, status FROM orders WHERE order_number = $1`, [orderNumber]);
    // Refunded in full: the order's money status says so (ADR 0034).
    assert.deepEqual(rows, [{ refunded: '47.25', status: 'refunded' }]);
  });

  test('a refund event delivered five times at once, and an older one arriving late, publish nothing more', async () => {
    const item = await catalogItem(h, '18.00');
    const { quote: q, orderNumber, email } = await placeOrder([[item, 1]]);
    const intent = await intentForEvent(q.paymentIntentId);
    assert.deepEqual((await deliver(paymentIntentEvent('payment_intent.succeeded', intent))).body, { received: true, outcome: 'paid' });
    assert.equal(await statusOf(orderNumber, email), 'paid');
    const now = Math.floor(Date.now() / 1000);
    const full = chargeRefunded(q.paymentIntentId, 2943, 2943, now);
    const replies = await Promise.all(Array.from({ length: 5 }, () => deliver(full)));
    assert.deepEqual(replies.map((r) => r.body.outcome).sort(), ['duplicate', 'duplicate', 'duplicate', 'duplicate', 'refunded']);
    // The partial refund Stripe made first, delivered after the full one: the order already records more.
    const older = await deliver(chargeRefunded(q.paymentIntentId, 2943, 1000, now - 60));
    assert.deepEqual(older.body, { received: true, outcome: 'unchanged' });
    assert.equal(await rowCount(`SELECT count(*) FROM outbox WHERE type = $1 AND data->>'orderNumber' = $2`, [OrdersEvents.refunded, orderNumber]), 1);
    const events = await eventually(
      async () => {
        const found = await refundedEventsFor(orderNumber);
        return found.length > 0 && found;
      },
      5000,
      100,
    );
    assert.deepEqual([events.length, events[0].data.amount, events[0].data.refundedTotal], [1, '29.43', '29.43']);
  });

  test('a refund of an order that was never paid is recorded on the order but publishes no refund (no revenue was counted)', async () => {
    const item = await catalogItem(h, '9.00');
    const { quote: q, orderNumber, email } = await placeOrder([[item, 1]]);
    assert.equal(await statusOf(orderNumber, email), 'pending_payment');
    const reply = await deliver(chargeRefunded(q.paymentIntentId, 1971, 1971));
    assert.deepEqual(reply.body, { received: true, outcome: 'refunded' });
    const { rows } = await db.query(`SELECT amount_refunded::text AS refunded FROM orders WHERE order_number = $1`, [orderNumber]);
    assert.deepEqual(rows, [{ refunded: '19.71' }]);
    assert.equal(await rowCount(`SELECT count(*) FROM outbox WHERE type = $1 AND data->>'orderNumber' = $2`, [OrdersEvents.refunded, orderNumber]), 0);
  });

  test('a refund of a charge that is not a store order is acknowledged and ignored', async () => {
    const reply = await deliver(chargeRefunded('pi_not_ours_1234', 500, 500));
    assert.deepEqual([reply.status, reply.body], [200, { received: true, outcome: 'ignored' }]);
  });
});

describe('an order is paid only at its own total', () => {
  const reviewEventsFor = (orderNumber: string) => publishedEvents(OrdersEvents.paymentReview, (e) => e.orderNumber === orderNumber);
  const staffAlertsFor = (orderNumber: string) => caughtMails(`Payment review needed: order ${orderNumber}`);
  const postOrder = (body: Record<string, unknown>) => visitor().post('/api/orders', body);

  test('an intent that already has an order is never changed by a request for another cart: 409 with a message, intent untouched', async () => {
    const dear = await catalogItem(h, '79.92');
    const cheap = await catalogItem(h, '10.00');
    const q = await quote([[dear, 10]]);
    assert.equal(q.total, '863.14');
    const placed = await postOrder(orderBody(q));
    assert.equal(placed.status, 201);
    const before = await paymentIntent(q.paymentIntentId);
    const other = await postOrder(orderBody(q, { items: [{ productId: cheap.id, quantity: 1 }] }));
    assert.equal(other.status, 409);
    assert.deepEqual(other.body, {
      statusCode: 409,
      code: 'conflict',
      message:
        'This payment already belongs to an order for a different cart, so it cannot pay for this one. Reload the checkout page to start a new payment for your cart.',
      details: { reason: 'payment_in_use' },
    });
    const after = await paymentIntent(q.paymentIntentId);
    assert.equal(after.amount, 86314);
    assert.deepEqual(after.metadata, before.metadata);
    assert.equal(await rowCount('SELECT count(*) FROM orders WHERE payment_intent_id = $1', [q.paymentIntentId]), 1);
  });

  test('a cheap cart that lowered the intent first cannot make the expensive order pay the cheap amount', async () => {
    const dear = await catalogItem(h, '79.92');
    const cheap = await catalogItem(h, '19.24');
    const q = await quote([[dear, 10]]);
    const cheapBody = orderBody(q, { items: [{ productId: cheap.id, quantity: 1 }] });
    const lowered = await postOrder(cheapBody);
    assert.equal(lowered.status, 409);
    assert.equal(lowered.body.details.total, '30.77');
    assert.equal((await paymentIntent(q.paymentIntentId)).amount, 3077);
    // The expensive order now finds the intent at the cheap amount: refused, and the intent goes back to its total.
    const expensive = await postOrder(orderBody(q));
    assert.equal(expensive.status, 409);
    assert.equal(expensive.body.details.total, '863.14');
    assert.equal((await paymentIntent(q.paymentIntentId)).amount, 86314);
    // The attacker lowers it again and pays the cheap amount: only the cheap cart can become the order.
    assert.equal((await postOrder(cheapBody)).status, 409);
    const confirmed = await stripeApi(h, 'POST', `/v1/payment_intents/${q.paymentIntentId}/confirm`, { payment_method: 'pm_card_visa' });
    assert.equal(confirmed.body.amount_received, 3077);
    const late = await postOrder(orderBody(q));
    assert.equal(late.status, 409);
    assert.equal(late.body.details.reason, 'payment_in_use');
    const honest = await postOrder(cheapBody);
    assert.equal(honest.status, 201);
    assert.equal(honest.body.total, '30.77');
    await eventually(async () => (await statusOf(honest.body.orderNumber, cheapBody.customerEmail as string)) === 'paid', 10_000, 100);
  });

  test('the race of an expensive and a cheap cart on one intent, run 50 times: every order is paid exactly its total and its intent charges that total', async () => {
    const dear = await catalogItem(h, '79.92');
    const cheap = await catalogItem(h, '19.24');
    const intents: string[] = [];
    const firstRound: string[] = [];
    const race = async () => {
      const q = await quote([[dear, 10]]);
      intents.push(q.paymentIntentId);
      const expensive = orderBody(q);
      const cheapCart = orderBody(q, { items: [{ productId: cheap.id, quantity: 1 }] });
      const [a, b] = await Promise.all([postOrder(expensive), postOrder(cheapCart)]);
      firstRound.push(`${a.status}/${b.status}`);
      assert.ok(
        [a.status, b.status].every((status) => status === 201 || status === 409),
        `${a.status} ${JSON.stringify(a.body)} / ${b.status} ${JSON.stringify(b.body)}`,
      );
      assert.notEqual(b.status, 201, 'the cheap cart never gets an order while the intent was made for the expensive one');
      // The attacker pays whatever the intent charges now, then tries both carts again at once.
      const confirmed = await stripeApi(h, 'POST', `/v1/payment_intents/${q.paymentIntentId}/confirm`, { payment_method: 'pm_card_visa' });
      assert.equal(confirmed.body.status, 'succeeded');
      const [c, d] = await Promise.all([postOrder(expensive), postOrder(cheapCart)]);
      assert.ok([c.status, d.status].every((status) => status === 200 || status === 201 || status === 409));
    };
    for (let batch = 0; batch < 10; batch++) await Promise.all(Array.from({ length: 5 }, race));
    assert.equal(intents.length, 50);

    // Every success reached the orders service (the emulator delivers webhooks on its own time).
    await eventually(
      async () =>
        (await rowCount(`SELECT count(*) FROM stripe_events WHERE type = 'payment_intent.succeeded' AND payment_intent_id = ANY($1)`, [intents])) === 50,
      30_000,
      200,
    );
    await eventually(
      async () => (await rowCount(`SELECT count(*) FROM orders WHERE payment_intent_id = ANY($1) AND status <> 'paid'`, [intents])) === 0,
      10_000,
      200,
    );
    const orders = (await db.query(`SELECT payment_intent_id, status, total, amount_received FROM orders WHERE payment_intent_id = ANY($1)`, [intents])).rows;
    assert.equal(orders.length, 50, 'each paid intent ends with exactly one order: the cart it charges');
    for (const order of orders) {
      const intent = await paymentIntent(order.payment_intent_id);
      const totalCents = Math.round(Number(order.total) * 100);
      assert.equal(order.status, 'paid');
      assert.equal(order.amount_received, order.total, `order of ${order.total} paid with ${order.amount_received}`);
      assert.equal(intent.amount, totalCents, 'the intent charges its order total');
      assert.equal(intent.amount_received, totalCents);
    }
    const tally = firstRound.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r]: (acc[r] ?? 0) + 1 }), {});
    console.log(`first round statuses (expensive/cheap): ${JSON.stringify(tally)}`);
  });

  test('a success for another amount is not a payment: the order goes to review, staff are alerted with both amounts, the buyer gets no confirmation', async () => {
    const item = await catalogItem(h, '30.00');
    const { quote: q, orderNumber, email } = await placeOrder([[item, 1]]);
    const intent = await intentForEvent(q.paymentIntentId);
    assert.equal(intent.amount, 4239);
    const reported = await deliver(paymentIntentEvent('payment_intent.succeeded', { ...intent, amountReceived: 2078 }));
    assert.deepEqual(reported.body, { received: true, outcome: 'payment_review' });
    assert.equal(await statusOf(orderNumber, email), 'payment_review');

    const alerts = await eventually(
      async () => {
        const found = await staffAlertsFor(orderNumber);
        return found.length > 0 && found;
      },
      15_000,
      100,
    );
    await new Promise((r) => setTimeout(r, 700));
    assert.equal((await staffAlertsFor(orderNumber)).length, 1);
    assert.equal(alerts[0].to[0].address, 'admin@kingdommarketplace.example');
    assert.match(alerts[0].text, /Order total: 42\.39 USD/);
    assert.match(alerts[0].text, /Amount received: 20\.78 USD/);
    assert.match(alerts[0].text, /Stripe received 20\.78 but the order total is 42\.39/);
    assert.equal((await caughtMails(`Order ${orderNumber} confirmed`)).length, 0);

    const events = await eventually(async () => (await reviewEventsFor(orderNumber)).length > 0 && reviewEventsFor(orderNumber), 5000, 100);
    assert.equal(events.length, 1);
    assert.deepEqual(
      { ...events[0].data, orderId: undefined },
      {
        orderId: undefined,
        orderNumber,
        paymentIntentId: q.paymentIntentId,
        total: '42.39',
        amountReceived: '20.78',
        currency: 'usd',
        reasons: ['Stripe received 20.78 but the order total is 42.39'],
      },
    );
    assert.equal(await rowCount(`SELECT count(*) FROM outbox WHERE type = $1 AND data->>'orderNumber' = $2`, [OrdersEvents.paid, orderNumber]), 0);

    // A later success at the right amount does not settle it on its own: staff decide.
    const later = await deliver(paymentIntentEvent('payment_intent.succeeded', intent));
    assert.deepEqual(later.body, { received: true, outcome: 'unchanged' });
    assert.equal(await statusOf(orderNumber, email), 'payment_review');

    const admin = visitor();
    assert.equal((await admin.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password })).status, 200);
    const listed = await admin.get('/api/orders?status=payment_review&pageSize=100');
    assert.equal(listed.status, 200);
    const row = listed.body.items.find((o: OrderSummary) => o.orderNumber === orderNumber);
    assert.deepEqual(
      { status: row.status, total: row.total, amountReceived: row.amountReceived, receivedCurrency: row.receivedCurrency, paidAt: row.paidAt },
      {
        status: 'payment_review',
        total: '42.39',
        amountReceived: '20.78',
        receivedCurrency: 'usd',
        paidAt: null,
      },
    );
  });

  test('a success in another currency, or for another cart at the same amount, goes to review too', async () => {
    const item = await catalogItem(h, '12.00');
    const euros = await placeOrder([[item, 1]]);
    const eurIntent = await intentForEvent(euros.quote.paymentIntentId);
    assert.deepEqual((await deliver(paymentIntentEvent('payment_intent.succeeded', { ...eurIntent, currency: 'eur' }))).body, {
      received: true,
      outcome: 'payment_review',
    });
    const otherCart = await placeOrder([[item, 1]]);
    const cartIntent = await intentForEvent(otherCart.quote.paymentIntentId);
    const relabelled = { ...cartIntent, metadata: { ...cartIntent.metadata, cart_fingerprint: 'a-different-cart' } };
    assert.deepEqual((await deliver(paymentIntentEvent('payment_intent.succeeded', relabelled))).body, { received: true, outcome: 'payment_review' });
    assert.equal(await statusOf(euros.orderNumber, euros.email), 'payment_review');
    assert.equal(await statusOf(otherCart.orderNumber, otherCart.email), 'payment_review');
  });

  test('a mismatched success recorded before the order existed makes the new order wait for review, not paid', async () => {
    const item = await catalogItem(h, '40.00');
    const q = await quote([[item, 1]]);
    const intent = await intentForEvent(q.paymentIntentId);
    const early = await deliver(paymentIntentEvent('payment_intent.succeeded', { ...intent, amountReceived: 100 }));
    assert.deepEqual(early.body, { received: true, outcome: 'recorded' });
    const created = await postOrder(orderBody(q));
    assert.equal(created.status, 201);
    assert.equal(created.body.status, 'payment_review');
    const alerts = await eventually(
      async () => {
        const found = await staffAlertsFor(created.body.orderNumber);
        return found.length > 0 && found;
      },
      15_000,
      100,
    );
    assert.match(alerts[0].text, /Amount received: 1\.00 USD/);
  });
});

describe('reading orders', () => {
  test('the buyer sees the order with the right email in any letter case, and the number may be typed loosely', async () => {
    const item = await catalogItem(h, '7.00');
    const { orderNumber, email } = await placeOrder([[item, 1]]);
    assert.equal((await lookup(orderNumber, email.toUpperCase())).status, 200);
    const loose = await lookup(orderNumber.toLowerCase().replace('-', ''), email);
    assert.equal(loose.status, 200);
    assert.equal(loose.body.orderNumber, orderNumber);
  });

  test('a wrong email and an unknown number get the same 404', async () => {
    const item = await catalogItem(h, '7.00');
    const { orderNumber } = await placeOrder([[item, 1]]);
    const wrongEmail = await lookup(orderNumber, 'someone-else@example.com');
    const unknown = await lookup('KM-00000000', 'someone-else@example.com');
    assert.equal(wrongEmail.status, 404);
    assert.equal(unknown.status, 404);
    assert.deepEqual(wrongEmail.body, {
      statusCode: 404,
      code: 'not_found',
      message: `We could not find order ${orderNumber} for that email address. Check both against your confirmation email.`,
    });
    assert.equal(unknown.body.message, 'We could not find order KM-00000000 for that email address. Check both against your confirmation email.');
    const noEmail = await visitor().get(`/api/orders/${orderNumber}`);
    assert.equal(noEmail.status, 400);
    assert.equal(noEmail.body.message, 'email is required: the address the order was placed with');
  });

  test('an order lookup and the admin order list carry personal data, so they answer Cache-Control: no-store', async () => {
    const item = await catalogItem(h, '5.00');
    const { orderNumber, email } = await placeOrder([[item, 1]]);
    const seen = await lookup(orderNumber, email);
    assert.equal(seen.status, 200);
    assert.equal(seen.headers.get('cache-control'), 'no-store');
    const admin = visitor();
    assert.equal((await admin.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password })).status, 200);
    const list = await admin.get('/api/orders?pageSize=2');
    assert.equal(list.status, 200);
    assert.equal(list.headers.get('cache-control'), 'no-store');
  });

  test('the order list is 401 signed out, 403 for a non-admin, and newest first with status for an admin', async () => {
    assert.equal((await visitor().get('/api/orders')).status, 401);
    const member = visitor();
    const username = `member_${randomUUID().slice(0, 8)}`;
    assert.equal((await member.post('/api/auth/register', { username, password: 'password-123', email: `${username}@example.com` })).status, 202);
    assert.equal((await member.post('/api/auth/login', { username, password: 'password-123' })).status, 200);
    const forbidden = await member.get('/api/orders');
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.message, 'Admin access required.');

    const item = await catalogItem(h, '5.00');
    const older = await placeOrder([[item, 1]]);
    const newer = await placeOrder([[item, 3]], { customerName: 'Boaz' });
    const admin = visitor();
    assert.equal((await admin.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password })).status, 200);
    const page = await admin.get('/api/orders?pageSize=2');
    assert.equal(page.status, 200);
    assert.equal(page.body.page, 1);
    assert.equal(page.body.pageSize, 2);
    assert.equal(page.body.total, await rowCount('SELECT count(*) FROM orders', []));
    assert.deepEqual(
      page.body.items.map((o: Record<string, unknown>) => ({ ...o, createdAt: undefined })),
      [
        {
          orderNumber: newer.orderNumber,
          status: 'pending_payment',
          customerName: 'Boaz',
          customerEmail: newer.email,
          total: '26.19',
          amountReceived: null,
          receivedCurrency: null,
          itemCount: 3,
          createdAt: undefined,
          paidAt: null,
        },
        {
          orderNumber: older.orderNumber,
          status: 'pending_payment',
          customerName: 'Ruth of Moab',
          customerEmail: older.email,
          total: '15.39',
          amountReceived: null,
          receivedCurrency: null,
          itemCount: 1,
          createdAt: undefined,
          paidAt: null,
        },
      ],
    );
    const paidOnly = await admin.get('/api/orders?status=paid&pageSize=100');
    assert.ok(paidOnly.body.items.length > 0);
    assert.ok(paidOnly.body.items.every((o: { status: string }) => o.status === 'paid'));
    const bad = await admin.get('/api/orders?pageSize=500');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'pageSize must be a whole number from 1 to 100');
  });
});

describe('checkout plumbing', () => {
  test('GET /api/config/payments tells the SPA its publishable key and where Stripe.js is', async () => {
    const res = await visitor().get('/api/config/payments');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { publishableKey: 'pk_test_local', stripeJsUrl: 'http://127.0.0.1:12911/v3/' });
  });

  test('the OpenAPI document lists the checkout, order and webhook routes', async () => {
    const doc = await visitor().get('/api/docs/openapi.json');
    const paths = Object.keys(doc.body.paths);
    for (const p of ['/api/create-payment-intent', '/api/orders', '/api/orders/{orderNumber}', '/api/webhooks/stripe', '/api/config/payments'])
      assert.ok(paths.includes(p), p);
    assert.ok(doc.body.paths['/api/create-payment-intent'].post.requestBody);
  });

  test('checkout requests beyond the per-address budget get 429 with Retry-After', async () => {
    const servers = testServers();
    const limited = await createGateway(
      loadGatewayConfig({
        HTTP_PORT: '0',
        NATS_URL: testNatsUrl('gateway'),
        REDIS_URL: servers.KM_TEST_REDIS_URL,
        RATE_LIMIT_CHECKOUT_PER_MINUTE: '2',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent',
        ...testStorageEnv(),
      }),
    );
    await limited.listen(0, '127.0.0.1');
    try {
      // A fresh address per run, so earlier runs' counts in Redis do not matter.
      const client = new Client(limited, {
        'x-forwarded-for': `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join('.')}`,
      });
      const item = await catalogItem(h, '5.00');
      const attempt = () => client.post('/api/create-payment-intent', { checkoutId: randomUUID(), items: [{ productId: item.id, quantity: 1 }] });
      assert.equal((await attempt()).status, 200);
      assert.equal((await client.post('/api/orders', {})).status, 400);
      const refused = await attempt();
      assert.equal(refused.status, 429);
      assert.match(refused.body.message, /^Too many checkout attempts from this address\. Please wait \d+ seconds and try again\.$/);
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
    } finally {
      await limited.close();
    }
  });
});
