// Subscriptions through months of renewals with test clocks, as membership drives them; endpoints with their own secrets.
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import type { StripeEmulator } from './server';
import { activeOnClock, emulator, fiveDollarsMonthly, receiver, sdk, until } from './test-helpers';

const DAY = 86400;
const T0 = Date.UTC(2026, 0, 10, 12) / 1000; // 10 January 2026, noon UTC

let em: StripeEmulator;
let stripe: Stripe;
let hook: Awaited<ReturnType<typeof receiver>>;
const MEMBERSHIP_SECRET = 'whsec_membership_only';
beforeAll(async () => {
  hook = await receiver();
  em = await emulator({ webhookEndpoints: [{ url: hook.url, secret: MEMBERSHIP_SECRET }], retry: { initialDelayMs: 30, maxDelayMs: 60, timeoutMs: 500 } });
  stripe = sdk(em);
});
afterAll(async () => {
  await em.close();
  await hook.close();
});

async function advance(clockId: string, to: number) {
  const moving = await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: to });
  assert.equal(moving.status, 'advancing');
  for (let i = 0; i < 200; i++) {
    const clock = await stripe.testHelpers.testClocks.retrieve(clockId);
    if (clock.status === 'ready') return clock;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the test clock never became ready');
}

describe('subscriptions on a test clock', () => {
  it('starts the subscription at the clock’s frozen time and renews it each month with a paid invoice', async () => {
    const { clock, sub } = await activeOnClock(stripe, T0);
    assert.equal(sub.status, 'active');
    assert.equal(sub.test_clock, clock.id);
    assert.equal(sub.items.data[0].current_period_start, T0);
    const feb10 = Date.UTC(2026, 1, 10, 12) / 1000;
    assert.equal(sub.items.data[0].current_period_end, feb10);

    const ready = await advance(clock.id, feb10 + DAY);
    assert.equal(ready.frozen_time, feb10 + DAY);
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    assert.equal(renewed.status, 'active');
    assert.deepEqual([renewed.items.data[0].current_period_start, renewed.items.data[0].current_period_end], [feb10, Date.UTC(2026, 2, 10, 12) / 1000]);
    const invoices = await stripe.invoices.list({ subscription: sub.id });
    assert.deepEqual(
      invoices.data.map((i) => [i.billing_reason, i.status, i.amount_paid]),
      [
        ['subscription_cycle', 'paid', 500],
        ['subscription_create', 'paid', 500],
      ],
    );
  });

  it('a declined renewal makes the subscription past_due (invoice.payment_failed); paying the invoice makes it active again', async () => {
    const { clock, customer, sub } = await activeOnClock(stripe, T0);
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    await stripe.subscriptions.update(sub.id, { default_payment_method: failing.id });
    const feb10 = sub.items.data[0].current_period_end;
    await advance(clock.id, feb10 + 3600);

    const pastDue = await stripe.subscriptions.retrieve(sub.id);
    assert.equal(pastDue.status, 'past_due');
    const open = await stripe.invoices.retrieve(String(pastDue.latest_invoice));
    assert.deepEqual([open.status, open.billing_reason, open.attempt_count], ['open', 'subscription_cycle', 1]);

    const paid = await stripe.invoices.pay(open.id!, { payment_method: 'pm_card_visa' });
    assert.equal(paid.status, 'paid');
    assert.equal((await stripe.subscriptions.retrieve(sub.id)).status, 'active');

    const events = (await stripe.events.list({ type: 'customer.subscription.updated', limit: 100 })).data
      .filter((e) => (e.data.object as Stripe.Subscription).id === sub.id)
      .map((e) => (e.data.object as Stripe.Subscription).status)
      .reverse();
    assert.deepEqual(events.slice(-2), ['past_due', 'active']);
    const failed = (await stripe.events.list({ type: 'invoice.payment_failed', limit: 100 })).data.filter(
      (e) => (e.data.object as Stripe.Invoice).id === open.id,
    );
    assert.equal(failed.length, 1);
  });

  it('cancel_at_period_end ends the subscription when the clock passes the period end, and resuming before that keeps it', async () => {
    const { clock, sub } = await activeOnClock(stripe, T0);
    const end = sub.items.data[0].current_period_end;
    const cancelling = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    assert.deepEqual([cancelling.status, cancelling.cancel_at_period_end, cancelling.cancel_at], ['active', true, end]);
    await advance(clock.id, end - DAY);
    assert.equal((await stripe.subscriptions.retrieve(sub.id)).status, 'active');
    await advance(clock.id, end + 60);
    const ended = await stripe.subscriptions.retrieve(sub.id);
    assert.deepEqual([ended.status, ended.ended_at], ['canceled', end]);
    assert.equal((await stripe.invoices.list({ subscription: sub.id })).data.length, 1); // no renewal invoice

    const other = await activeOnClock(stripe, T0);
    await stripe.subscriptions.update(other.sub.id, { cancel_at_period_end: true });
    const resumed = await stripe.subscriptions.update(other.sub.id, { cancel_at_period_end: false });
    assert.deepEqual([resumed.cancel_at_period_end, resumed.cancel_at], [false, null]);
    await advance(other.clock.id, other.sub.items.data[0].current_period_end + 60);
    assert.equal((await stripe.subscriptions.retrieve(other.sub.id)).status, 'active');
  });

  it('expires an unpaid incomplete subscription after 23 hours and refuses to move more than two intervals at once', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: T0 });
    const customer = await stripe.customers.create({ email: 'never-paid@example.com', test_clock: clock.id });
    const price = await fiveDollarsMonthly(stripe);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], payment_behavior: 'default_incomplete' });
    await assert.rejects(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + 70 * DAY }), {
      statusCode: 400,
      message: /more than two intervals/,
    });
    await advance(clock.id, T0 + 23 * 3600 + 1);
    assert.equal((await stripe.subscriptions.retrieve(sub.id)).status, 'incomplete_expired');
    await assert.rejects(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 }), { statusCode: 400, param: 'frozen_time' });
  });
});

describe('webhook endpoints with their own secrets', () => {
  it('signs subscription events for the configured endpoint with its own secret, in the order they happened', async () => {
    const { sub } = await activeOnClock(stripe, T0);
    const ours = await until('customer.subscription.updated to active', () =>
      hook.received.find((r) => {
        const e = JSON.parse(r.raw);
        return e.type === 'customer.subscription.updated' && e.data.object.id === sub.id && e.data.object.status === 'active';
      }),
    );
    const event = stripe.webhooks.constructEvent(ours.raw, ours.signature, MEMBERSHIP_SECRET);
    assert.equal((event.data.object as Stripe.Subscription).status, 'active');
    assert.throws(() => stripe.webhooks.constructEvent(ours.raw, ours.signature, 'whsec_local_dev_secret'), { type: 'StripeSignatureVerificationError' });
    const forSub = hook.received
      .map((r) => JSON.parse(r.raw))
      .filter(
        (e) => e.data.object.id === sub.id || e.data.object.subscription === sub.id || e.data.object.parent?.subscription_details?.subscription === sub.id,
      )
      .map((e) => e.type);
    assert.ok(forSub.includes('customer.subscription.created'));
    assert.ok(forSub.includes('invoice.paid'));
  });
});
