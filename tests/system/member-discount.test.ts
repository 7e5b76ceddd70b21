import type { CatalogItem } from '@km/contracts/catalog';
import { OrdersEvents } from '@km/contracts/orders';
import { eventually, type ServiceProcess, type TestDatabase } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client as Postgres } from 'pg';
import Stripe from 'stripe';
import { catalogItem, Client, publishedEvents, startCheckoutHarness, stripeApi, type CheckoutHarness } from './harness';
import { MEMBERSHIP_WEBHOOK_SECRET, signedInMember as joinAsMember, startMembership } from './member-fixtures';

/** ADR 0016: the 5 % member discount, priced by orders after asking membership whether the signed-in member is active. */

const SHIPPING_ADDRESS = '12 Gleaning Way, Bethlehem, PA 18015, United States';

let h: CheckoutHarness;
let membership: { service: ServiceProcess; db: TestDatabase };
let ordersDb: Postgres;
let stripe: Stripe;

beforeAll(async () => {
  h = await startCheckoutHarness();
  ({ membership, stripe } = await startMembership(h));
  ordersDb = new Postgres({ connectionString: h.orders.db.url });
  await ordersDb.connect();
});
afterAll(async () => {
  await ordersDb?.end();
  await membership?.service.stop();
  await membership?.db.drop();
  await h?.stop();
});

const signedInMember = () => joinAsMember(h, stripe);

const quote = async (client: Client, item: CatalogItem, extra: Record<string, unknown> = {}) => {
  const res = await client.post('/api/create-payment-intent', { checkoutId: randomUUID(), items: [{ productId: item.id, quantity: 1 }], ...extra });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
};
const totalsOf = (q: Record<string, unknown>) => ({
  subtotal: q.subtotal,
  memberDiscount: q.memberDiscount,
  tax: q.tax,
  shipping: q.shipping,
  total: q.total,
});
const intentAmount = async (id: string) => (await stripeApi(h, 'GET', `/v1/payment_intents/${id}`)).body.amount as number;

describe('the 5 % member discount at checkout', () => {
  test('an active member pays 95 % of the subtotal, with tax and the free-shipping threshold on the discounted subtotal', async () => {
    const { client } = await signedInMember();
    // 52.00 is over the free-shipping threshold, 49.40 (what the member pays for it) is not.
    const item = await catalogItem(h, '52.00');
    const q = await quote(client, item);
    assert.deepEqual(totalsOf(q), { subtotal: '52.00', memberDiscount: '2.60', tax: '3.95', shipping: '9.99', total: '63.34' });
    assert.equal(await intentAmount(q.paymentIntentId), 6334);
    // The same cart for a visitor: full price, free shipping, no discount field.
    const visitorQuote = await quote(new Client(h.gateway), item);
    assert.deepEqual(totalsOf(visitorQuote), { subtotal: '52.00', memberDiscount: undefined, tax: '4.16', shipping: '0.00', total: '56.16' });
  });

  test('the order stores the discount, orders.order.paid carries it, and Member Savings is the sum over paid orders', async () => {
    const { client, memberId } = await signedInMember();
    const item = await catalogItem(h, '40.00');
    const q = await quote(client, item);
    const placed = await client.post('/api/orders', {
      paymentIntentId: q.paymentIntentId,
      customerEmail: `buyer-${randomUUID().slice(0, 8)}@example.com`,
      customerName: 'Lydia Thyatira',
      shippingAddress: SHIPPING_ADDRESS,
      // A tampered client total is ignored as before.
      subtotal: '1.00',
      total: '1.00',
      items: [{ productId: item.id, quantity: 1 }],
    });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    assert.deepEqual(
      { ...placed.body, orderNumber: undefined },
      { orderNumber: undefined, status: 'pending_payment', subtotal: '40.00', memberDiscount: '2.00', tax: '3.04', shipping: '9.99', total: '51.03' },
    );
    const { rows } = await ordersDb.query(`SELECT member_id, member_discount::text AS discount FROM orders WHERE order_number = $1`, [placed.body.orderNumber]);
    assert.deepEqual(rows, [{ member_id: memberId, discount: '2.00' }]);

    const before = await client.get('/api/membership/stats');
    assert.equal(before.body.memberSavings, '0.00', 'an unpaid order saves nothing yet');
    const confirmed = await stripeApi(h, 'POST', `/v1/payment_intents/${q.paymentIntentId}/confirm`, { payment_method: 'pm_card_visa' });
    assert.equal(confirmed.body.status, 'succeeded');
    await eventually(async () => (await client.get('/api/membership/stats')).body.memberSavings === '2.00', 15_000, 100);
    const [paid] = await publishedEvents(OrdersEvents.paid, (e) => e.orderNumber === placed.body.orderNumber);
    assert.deepEqual(
      { ...paid.data, orderId: undefined, email: undefined },
      {
        orderId: undefined,
        email: undefined,
        orderNumber: placed.body.orderNumber,
        paymentIntentId: q.paymentIntentId,
        total: '51.03',
        memberId,
        memberDiscount: '2.00',
      },
    );

    // A second paid order adds its discount: 2.00 + 0.50 (10.00 × 5 %).
    const small = await catalogItem(h, '10.00');
    const q2 = await quote(client, small);
    assert.equal(q2.memberDiscount, '0.50');
    const second = await client.post('/api/orders', {
      paymentIntentId: q2.paymentIntentId,
      customerEmail: `buyer-${randomUUID().slice(0, 8)}@example.com`,
      customerName: 'Lydia Thyatira',
      shippingAddress: SHIPPING_ADDRESS,
      items: [{ productId: small.id, quantity: 1 }],
    });
    assert.equal(second.status, 201, JSON.stringify(second.body));
    await stripeApi(h, 'POST', `/v1/payment_intents/${q2.paymentIntentId}/confirm`, { payment_method: 'pm_card_visa' });
    await eventually(async () => (await client.get('/api/membership/stats')).body.memberSavings === '2.50', 15_000, 100);
  });

  test('a cancelled member pays the full price', async () => {
    const { client, subscriptionId } = await signedInMember();
    const item = await catalogItem(h, '40.00');
    assert.equal((await quote(client, item)).memberDiscount, '2.00');
    await stripe.subscriptions.cancel(subscriptionId);
    // Stripe tells membership's own endpoint; membership then reads the subscription as Stripe has it.
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: subscriptionId, object: 'subscription' } },
    });
    const delivered = await client.request('POST', '/api/webhooks/stripe/membership', payload, {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: MEMBERSHIP_WEBHOOK_SECRET }),
    });
    assert.deepEqual(delivered.body, { received: true, outcome: 'applied' });
    assert.equal((await client.get('/api/membership/profile')).body.subscriptionStatus, 'canceled');
    const q = await quote(client, item);
    assert.deepEqual(totalsOf(q), { subtotal: '40.00', memberDiscount: undefined, tax: '3.20', shipping: '9.99', total: '53.19' });
    assert.equal(await intentAmount(q.paymentIntentId), 5319);
  });

  test('a visitor cannot claim a member’s discount by sending a memberId or a lower amount', async () => {
    const { memberId } = await signedInMember();
    const item = await catalogItem(h, '40.00');
    const q = await quote(new Client(h.gateway), item, { memberId, amount: 38.0 });
    assert.deepEqual(totalsOf(q), { subtotal: '40.00', memberDiscount: undefined, tax: '3.20', shipping: '9.99', total: '53.19' });
    assert.equal(await intentAmount(q.paymentIntentId), 5319);
  });
});
