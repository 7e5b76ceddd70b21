// Webhooks: Stripe's event shape, signatures the SDK verifies, retries with backoff, several endpoints.
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import { signatureHeader } from './webhooks';
import { emulator, raw, receiver, sdk, until, WEBHOOK_SECRET } from './test-helpers';

const fastRetry = { initialDelayMs: 30, maxDelayMs: 120, maxAttempts: 8, timeoutMs: 500 };
const verify = (stripe: Stripe, body: string, signature: string) => stripe.webhooks.constructEvent(body, signature, WEBHOOK_SECRET);
const types = (received: { raw: string }[]) => received.map((r) => JSON.parse(r.raw).type as string);

describe('webhooks', () => {
  it('signs exactly as Stripe: the SDK verifies the header, and rejects a tampered body', () => {
    const payload = '{"id":"evt_1"}';
    const header = signatureHeader(payload, WEBHOOK_SECRET, 1_700_000_000);
    assert.equal(header, new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: 1_700_000_000 }));
  });

  it('delivers payment_intent.succeeded as a Stripe event, verified by stripe.webhooks.constructEvent', async () => {
    const hook = await receiver();
    const em = await emulator({ webhookUrls: [hook.url], webhookSecret: WEBHOOK_SECRET, retry: fastRetry });
    const stripe = sdk(em);
    try {
      const pi = await stripe.paymentIntents.create({ amount: 2599, currency: 'usd', metadata: { orderId: 'KM-77' } }, { idempotencyKey: 'pi-KM-77' });
      await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
      const got = await until('payment_intent.succeeded', () => hook.received.find((r) => JSON.parse(r.raw).type === 'payment_intent.succeeded'));
      const event = verify(stripe, got.raw, got.signature);
      assert.match(event.id, /^evt_/);
      assert.equal(event.object, 'event');
      assert.equal(event.livemode, false);
      assert.equal(event.api_version, Stripe.API_VERSION);
      assert.ok(Math.abs(event.created - Date.now() / 1000) < 10);
      const object = event.data.object as Stripe.PaymentIntent;
      assert.equal(object.id, pi.id);
      assert.equal(object.status, 'succeeded');
      assert.deepEqual(object.metadata, { orderId: 'KM-77' });
      assert.equal((event.data.previous_attributes as any)?.status, 'requires_payment_method');
      assert.match(got.signature, /^t=\d+,v1=[0-9a-f]{64}$/);
      assert.throws(() => verify(stripe, got.raw.replace('2599', '1'), got.signature), { type: 'StripeSignatureVerificationError' });
      assert.ok(types(hook.received).includes('payment_intent.created'));
      const created = hook.received.map((r) => JSON.parse(r.raw)).find((e) => e.type === 'payment_intent.created');
      assert.equal(created.request.idempotency_key, 'pi-KM-77');
    } finally {
      await em.close();
      await hook.close();
    }
  });

  it('sends payment_intent.payment_failed with last_payment_error on a decline', async () => {
    const hook = await receiver();
    const em = await emulator({ webhookUrls: [hook.url], webhookSecret: WEBHOOK_SECRET, retry: fastRetry });
    const stripe = sdk(em);
    try {
      const pi = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
      await assert.rejects(stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' }), {
        decline_code: 'insufficient_funds',
      });
      const got = await until('payment_failed', () => hook.received.find((r) => JSON.parse(r.raw).type === 'payment_intent.payment_failed'));
      const object = verify(stripe, got.raw, got.signature).data.object as Stripe.PaymentIntent;
      assert.equal(object.status, 'requires_payment_method');
      assert.equal(object.last_payment_error?.code, 'card_declined');
      assert.equal(object.last_payment_error?.message, 'Your card has insufficient funds.');
    } finally {
      await em.close();
      await hook.close();
    }
  });

  it('retries after the endpoint answered 500 twice, with growing delays, and records every attempt', async () => {
    const hook = await receiver((n) => (n <= 2 ? 500 : 200));
    const em = await emulator({ webhookUrls: [hook.url], webhookSecret: WEBHOOK_SECRET, retry: fastRetry });
    const stripe = sdk(em);
    try {
      const customer = await stripe.customers.create({ email: 'retry@example.com' });
      await until('third attempt', () => hook.received.length >= 3);
      assert.deepEqual(
        hook.received.map((r) => JSON.parse(r.raw).data.object.id),
        [customer.id, customer.id, customer.id],
      );
      for (const r of hook.received) verify(stripe, r.raw, r.signature); // each attempt is signed afresh
      const gaps = [hook.received[1].at - hook.received[0].at, hook.received[2].at - hook.received[1].at];
      assert.ok(gaps[0] >= 25 && gaps[1] >= 55, `backoff doubles: ${gaps}`);
      const { json } = await raw(em, 'GET', '/_emulator/events?type=customer.created');
      const delivery = json.data[0].deliveries[0];
      assert.equal(delivery.state, 'delivered');
      assert.deepEqual(
        delivery.attempts.map((a: any) => a.status),
        [500, 500, 200],
      );
      assert.equal(json.data[0].pending_webhooks, 0);
    } finally {
      await em.close();
      await hook.close();
    }
  });

  it('gives up after maxAttempts when the endpoint is down, without blocking API calls', async () => {
    const down = await receiver();
    await down.close(); // nothing listens there any more
    const hanging = await receiver(() => 'hang');
    const em = await emulator({ webhookUrls: [down.url, hanging.url], webhookSecret: WEBHOOK_SECRET, retry: { ...fastRetry, maxAttempts: 3, timeoutMs: 200 } });
    const stripe = sdk(em);
    try {
      await stripe.customers.create({ email: 'down@example.com' });
      // The API has answered while the delivery to the hanging endpoint is still in its first attempt.
      const pending = em.state.events().find((e) => e.type === 'customer.created')!._deliveries[1];
      assert.deepEqual([pending.state, pending.attempts.length], ['pending', 0]);
      const deliveries = await until(
        'both endpoints given up',
        () => {
          const ev = em.state.events().find((e) => e.type === 'customer.created');
          return ev?._deliveries.every((d: any) => d.state === 'failed') && ev._deliveries;
        },
        5000,
      );
      assert.deepEqual(
        deliveries.map((d: any) => d.attempts.length),
        [3, 3],
      );
      assert.match(deliveries[0].attempts[0].error, /ECONNREFUSED/);
      assert.match(deliveries[1].attempts[0].error, /no answer within 200 ms/);
    } finally {
      await em.close();
      await hanging.close();
    }
  });

  it('delivers to several endpoints (comma-configured orders + membership) and to endpoints created through the API', async () => {
    const [orders, membership, extra] = await Promise.all([receiver(), receiver(), receiver()]);
    const em = await emulator({ webhookUrls: [orders.url, membership.url], webhookSecret: WEBHOOK_SECRET, retry: fastRetry });
    const stripe = sdk(em);
    try {
      const endpoint = await stripe.webhookEndpoints.create({ url: extra.url, enabled_events: ['customer.created'] });
      assert.match(endpoint.secret!, /^whsec_/);
      await stripe.customers.create({ email: 'many@example.com' });
      await stripe.products.create({ name: 'Book' });
      await until('all deliveries', () => orders.received.length >= 2 && membership.received.length >= 2 && extra.received.length >= 1);
      assert.deepEqual(types(orders.received).sort(), ['customer.created', 'product.created']);
      assert.deepEqual(types(membership.received).sort(), ['customer.created', 'product.created']);
      await new Promise((r) => setTimeout(r, 50));
      assert.deepEqual(types(extra.received), ['customer.created']); // only its enabled_events
      stripe.webhooks.constructEvent(extra.received[0].raw, extra.received[0].signature, endpoint.secret!);
    } finally {
      await em.close();
      await Promise.all([orders.close(), membership.close(), extra.close()]);
    }
  });

  it('a configured URL given webhookEvents receives only those types, like enabled_events; an URL not listed receives every event', async () => {
    const [orders, membership, everything] = await Promise.all([receiver(), receiver(), receiver()]);
    const em = await emulator({
      webhookUrls: [orders.url, everything.url],
      webhookSecret: WEBHOOK_SECRET,
      webhookEndpoints: [{ url: membership.url, secret: 'whsec_membership' }],
      webhookEvents: { [orders.url]: ['payment_intent.succeeded', 'payment_intent.payment_failed'], [membership.url]: ['invoice.paid'] },
      retry: fastRetry,
    });
    const stripe = sdk(em);
    try {
      const pi = await stripe.paymentIntents.create({ amount: 1200, currency: 'usd' });
      await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
      await until('every delivery to the unfiltered URL', () => types(everything.received).includes('charge.succeeded'));
      await until('the succeeded event', () => orders.received.length >= 1);
      await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(types(everything.received).sort(), ['charge.succeeded', 'payment_intent.created', 'payment_intent.succeeded']);
      assert.deepEqual(types(orders.received), ['payment_intent.succeeded']);
      assert.deepEqual(types(membership.received), []);
    } finally {
      await em.close();
      await Promise.all([orders.close(), membership.close(), everything.close()]);
    }
  });

  it('subscription flow: created → invoice.payment_failed on a decline → invoice.paid and subscription active', async () => {
    const hook = await receiver();
    const em = await emulator({ webhookUrls: [hook.url], webhookSecret: WEBHOOK_SECRET, retry: fastRetry });
    const stripe = sdk(em);
    try {
      const product = await stripe.products.create({ name: 'Marketshare membership' });
      const price = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 4900, recurring: { interval: 'month' } });
      const customer = await stripe.customers.create({ email: 'member@example.com' });
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'default_incomplete',
        metadata: { memberId: 'M-1' },
        expand: ['latest_invoice.confirmation_secret'],
      });
      const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
      const piId = secret.split('_secret_')[0];
      await assert.rejects(stripe.paymentIntents.confirm(piId, { payment_method: 'pm_card_chargeDeclined' }), { type: 'StripeCardError' });
      await stripe.paymentIntents.confirm(piId, { payment_method: 'pm_card_visa' });

      const events = () => hook.received.map((r) => verify(stripe, r.raw, r.signature));
      await until('subscription activation', () => events().some((e) => e.type === 'customer.subscription.updated'));
      const byType = (t: string) => events().filter((e) => e.type === t);
      const created = byType('customer.subscription.created')[0].data.object as Stripe.Subscription;
      assert.equal(created.id, sub.id);
      assert.equal(created.status, 'incomplete');
      assert.deepEqual(created.metadata, { memberId: 'M-1' });
      const failed = byType('invoice.payment_failed')[0].data.object as Stripe.Invoice;
      assert.equal(failed.status, 'open');
      assert.equal(failed.attempt_count, 1);
      const paid = byType('invoice.paid')[0].data.object as Stripe.Invoice;
      assert.equal(paid.status, 'paid');
      assert.equal(paid.amount_paid, 4900);
      assert.equal(paid.parent?.subscription_details?.subscription, sub.id);
      const updated = byType('customer.subscription.updated')[0];
      assert.equal((updated.data.object as Stripe.Subscription).status, 'active');
      assert.equal((updated.data.previous_attributes as any).status, 'incomplete');
      assert.equal(byType('payment_intent.payment_failed').length, 1);
      assert.equal(byType('payment_intent.succeeded').length, 1);

      await stripe.subscriptions.cancel(sub.id);
      await until('deleted', () => events().some((e) => e.type === 'customer.subscription.deleted'));
    } finally {
      await em.close();
      await hook.close();
    }
  });

  it('renders event objects in the endpoint API version (an acacia endpoint gets invoice.subscription)', async () => {
    const hook = await receiver();
    const em = await emulator({ webhookUrls: [hook.url], webhookSecret: WEBHOOK_SECRET, apiVersion: '2025-02-24.acacia', retry: fastRetry });
    const stripe = sdk(em, { apiVersion: '2025-02-24.acacia' as any });
    try {
      const price = await stripe.prices.create({ currency: 'usd', unit_amount: 1000, recurring: { interval: 'year' }, product_data: { name: 'Annual' } });
      const customer = await stripe.customers.create({});
      const sub: any = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'default_incomplete',
        expand: ['latest_invoice.payment_intent'],
      });
      await stripe.paymentIntents.confirm(sub.latest_invoice.payment_intent.id, { payment_method: 'pm_card_visa' });
      const got = await until('invoice.paid', () => hook.received.find((r) => JSON.parse(r.raw).type === 'invoice.paid'));
      const event = verify(stripe, got.raw, got.signature);
      assert.equal(event.api_version, '2025-02-24.acacia');
      const invoice = event.data.object as any;
      assert.equal(invoice.subscription, sub.id);
      assert.equal(invoice.payment_intent, sub.latest_invoice.payment_intent.id);
      assert.equal(invoice.paid, true);
    } finally {
      await em.close();
      await hook.close();
    }
  });

  it('lists, resends and resets through /_emulator', async () => {
    const hook = await receiver();
    const em = await emulator({ webhookUrls: [hook.url], webhookSecret: WEBHOOK_SECRET, retry: fastRetry });
    const stripe = sdk(em);
    try {
      const customer = await stripe.customers.create({ email: 'r@example.com' });
      await until('delivery', () => hook.received.length === 1);
      const { json } = await raw(em, 'GET', '/_emulator/events');
      assert.equal(json.data.length, 1);
      assert.equal(json.data[0].data.object.id, customer.id);
      const resend = await raw(em, 'POST', `/_emulator/events/${json.data[0].id}/resend`);
      assert.equal(resend.status, 200);
      await until('redelivery', () => hook.received.length === 2);
      assert.equal(JSON.parse(hook.received[1].raw).id, json.data[0].id); // same event id: handlers must dedupe
      assert.equal((await stripe.events.retrieve(json.data[0].id)).type, 'customer.created');
      await raw(em, 'POST', '/_emulator/reset');
      await assert.rejects(stripe.customers.retrieve(customer.id), { statusCode: 404 });
      assert.equal((await raw(em, 'GET', '/_emulator/events')).json.data.length, 0);
    } finally {
      await em.close();
      await hook.close();
    }
  });
});
