import { OrdersEvents } from '@km/contracts';
import { eventually } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { catalogItem, type CheckoutHarness, type Client, publishedEvents, startCheckoutHarness, stripeApi } from './harness';
import { adminOrder, mailsOnce, paidOrder, placeOrder, signedInAdmin } from './order-admin-fixtures';

/** ADR 0034: an unpaid order is cancelled after ABANDONED_ORDER_CANCEL_AFTER_MS (3 s here), its intent first, once. */
let h: CheckoutHarness;
let admin: Client;

beforeAll(async () => {
  h = await startCheckoutHarness({ orders: { ABANDONED_ORDER_CANCEL_AFTER_MS: '3000', ABANDONED_ORDER_SWEEP_MS: '300' } });
  admin = await signedInAdmin(h);
});
afterAll(async () => {
  await h.stop();
});

test('an order left unpaid past the configured time is cancelled with its intent at Stripe (abandoned), once, with one email; a paid one is left alone', async () => {
  const item = await catalogItem(h, '16.00');
  const started = Date.now();
  const [abandoned, paid] = await Promise.all([placeOrder(h, [[item, 1]]), paidOrder(h, admin, [[item, 2]])]);
  const order = await eventually(
    async () => {
      const o = await adminOrder(admin, abandoned.orderNumber);
      return o.status === 'cancelled' && o;
    },
    15_000,
    200,
  );
  assert.ok(Date.now() - started >= 3000, 'not before the configured time');
  const intent = (await stripeApi(h, 'GET', `/v1/payment_intents/${abandoned.quote.paymentIntentId}`)).body;
  assert.deepEqual([intent.status, intent.cancellation_reason], ['canceled', 'abandoned']);
  assert.deepEqual(
    order.timeline.map((s) => (s.kind === 'cancelled' ? [s.kind, s.reason] : [s.kind])),
    [['placed'], ['cancelled', 'abandoned']],
  );
  const mails = await mailsOnce(`Order ${abandoned.orderNumber} cancelled`);
  assert.equal(mails.length, 1);
  assert.match(mails[0].text, /Its payment was not completed, so nothing was charged\./);
  // Several sweeps later: still one event, and the paid order untouched.
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal((await publishedEvents(OrdersEvents.cancelled, (e) => e.orderNumber === abandoned.orderNumber)).length, 1);
  assert.equal((await adminOrder(admin, paid.orderNumber)).status, 'paid');
  // A buyer who comes back cannot pay the cancelled intent.
  const retry = await stripeApi(h, 'POST', `/v1/payment_intents/${abandoned.quote.paymentIntentId}/confirm`, { payment_method: 'pm_card_visa' });
  assert.equal(retry.status, 400);
});
