// The emulator driven by the official `stripe` SDK, as orders and membership will drive it.
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import type { StripeEmulator } from './server';
import { emulator, raw, sdk } from './test-helpers';

let em: StripeEmulator;
let stripe: Stripe;
beforeAll(async () => {
  em = await emulator();
  stripe = sdk(em);
});
afterAll(() => em.close());

describe('requests as the SDK sends them', () => {
  it('creates, retrieves, updates and lists customers; metadata merges and unsets like Stripe', async () => {
    const created = await stripe.customers.create({ email: 'ruth@example.com', name: 'Ruth', metadata: { userId: '42', plan: 'basic' } });
    assert.match(created.id, /^cus_\w{14}$/);
    assert.equal(created.object, 'customer');
    assert.equal(created.livemode, false);
    const updated = await stripe.customers.update(created.id, { name: 'Ruth B.', metadata: { plan: '', referral: 'ABC' } });
    assert.deepEqual(updated.metadata, { userId: '42', referral: 'ABC' });
    assert.equal(((await stripe.customers.retrieve(created.id)) as Stripe.Customer).name, 'Ruth B.');
    const found = await stripe.customers.list({ email: 'ruth@example.com' });
    assert.deepEqual(
      found.data.map((c) => c.id),
      [created.id],
    );
  });

  it('parses bracket keys (metadata[k], automatic_payment_methods[enabled], expand[]) and the SDK indexed arrays', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com' });
    const body = `amount=2599&currency=usd&metadata[orderId]=KM-1001&automatic_payment_methods[enabled]=true&customer=${customer.id}&expand[]=customer&receipt_email=a%40example.com`;
    const { status, json } = await raw(em, 'POST', '/v1/payment_intents', body);
    assert.equal(status, 200);
    assert.deepEqual(json.metadata, { orderId: 'KM-1001' });
    assert.deepEqual(json.automatic_payment_methods, { allow_redirects: 'always', enabled: true });
    assert.equal(json.customer.id, customer.id); // expanded
    assert.match(json.client_secret, new RegExp(`^${json.id}_secret_\\w+$`));
    const viaSdk = await stripe.paymentIntents.retrieve(json.id, { expand: ['customer'] });
    assert.equal((viaSdk.customer as Stripe.Customer).email, 'a@example.com');
  });

  it('requires a test secret key, with Stripe error shapes', async () => {
    const none = await raw(em, 'GET', '/v1/customers', undefined, { Authorization: '' });
    assert.equal(none.status, 401);
    assert.equal(none.json.error.type, 'invalid_request_error');
    assert.match(none.json.error.message, /^You did not provide an API key/);
    const live = await raw(em, 'GET', '/v1/customers', undefined, { Authorization: 'Bearer sk_live_abcdefgh1234' });
    assert.equal(live.status, 401);
    assert.equal(live.json.error.message, 'Invalid API Key provided: sk_live_********1234');
    const publishable = await raw(em, 'GET', '/v1/customers', undefined, { Authorization: 'Bearer pk_test_abc' });
    assert.equal(publishable.status, 401);
    await assert.rejects(new Stripe('sk_live_nope', { host: '127.0.0.1', port: em.port, protocol: 'http' }).customers.list(), {
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
  });
});

describe('idempotency', () => {
  it('replays the stored response for the same key and params', async () => {
    const params = { amount: 4200, currency: 'usd', metadata: { orderId: 'KM-2' } };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-KM-2' });
    const second = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-KM-2' });
    assert.equal(second.id, first.id);
    assert.equal(second.client_secret, first.client_secret);
    const replay = await raw(em, 'POST', '/v1/payment_intents', 'amount=4200&currency=usd&metadata[orderId]=KM-2', { 'Idempotency-Key': 'order-KM-2' });
    assert.equal(replay.json.id, first.id);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  });

  it('refuses the same key with other params or another endpoint (400 idempotency_error)', async () => {
    await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' }, { idempotencyKey: 'key-3' });
    await assert.rejects(stripe.paymentIntents.create({ amount: 1001, currency: 'usd' }, { idempotencyKey: 'key-3' }), (e: any) => {
      assert.equal(e.type, 'StripeIdempotencyError');
      assert.equal(e.statusCode, 400);
      assert.equal(e.raw.type, 'idempotency_error');
      assert.match(e.message, /Keys for idempotent requests can only be used with the same parameters/);
      return true;
    });
    await assert.rejects(stripe.customers.create({}, { idempotencyKey: 'key-3' }), { type: 'StripeIdempotencyError' });
  });

  it('replays a decline (402) rather than charging twice, but does not store validation errors', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' });
    const declined = (k: string) => stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: k });
    const e1: any = await declined('confirm-1').catch((e) => e);
    const e2: any = await declined('confirm-1').catch((e) => e);
    assert.equal(e1.statusCode, 402);
    assert.equal(e2.raw.charge, e1.raw.charge); // same charge: replayed, not retried
    await assert.rejects(stripe.paymentIntents.create({ currency: 'usd' } as any, { idempotencyKey: 'bad-then-good' }), { statusCode: 400 });
    const ok = await stripe.paymentIntents.create({ amount: 900, currency: 'usd' }, { idempotencyKey: 'bad-then-good' });
    assert.equal(ok.amount, 900);
  });
});

describe('PaymentIntents', () => {
  it('confirms with a success test card server-side', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd', metadata: { orderId: 'KM-5' } });
    assert.equal(pi.status, 'requires_payment_method');
    const done = await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' }, { idempotencyKey: 'c-5' });
    assert.equal(done.status, 'succeeded');
    assert.equal(done.amount_received, 2000);
    assert.match(String(done.latest_charge), /^ch_/);
    assert.match(String(done.payment_method), /^pm_/);
    const charge = await stripe.charges.retrieve(String(done.latest_charge));
    assert.equal(charge.status, 'succeeded');
    assert.equal(charge.payment_method_details?.card?.last4, '4242');
    await assert.rejects(stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' }), (e: any) => {
      assert.equal(e.statusCode, 400);
      assert.equal(e.code, 'payment_intent_unexpected_state');
      assert.match(e.message, /status of succeeded/);
      return true;
    });
    await assert.rejects(stripe.paymentIntents.update(pi.id, { amount: 2500 }), { code: 'payment_intent_unexpected_state' });
    const tagged = await stripe.paymentIntents.update(pi.id, { metadata: { shipped: 'no' } }); // metadata stays editable
    assert.deepEqual(tagged.metadata, { orderId: 'KM-5', shipped: 'no' });
  });

  it('declines pm_card_chargeDeclined with a 402 card_error and keeps the intent payable', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 3000, currency: 'usd' });
    await assert.rejects(stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_chargeDeclined' }), (e: any) => {
      assert.equal(e.type, 'StripeCardError');
      assert.equal(e.statusCode, 402);
      assert.equal(e.code, 'card_declined');
      assert.equal(e.decline_code, 'generic_decline');
      assert.equal(e.message, 'Your card was declined.');
      assert.equal(e.raw.payment_intent.id, pi.id);
      assert.equal(e.raw.payment_intent.status, 'requires_payment_method');
      return true;
    });
    const after = await stripe.paymentIntents.retrieve(pi.id);
    assert.equal(after.status, 'requires_payment_method');
    assert.equal(after.last_payment_error?.decline_code, 'generic_decline');
    assert.equal(after.payment_method, null);
    const retried = await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
    assert.equal(retried.status, 'succeeded');
    assert.equal(retried.last_payment_error, null);
  });

  it('updates the amount before payment, cancels, and rejects raw card numbers with a secret key', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    assert.equal((await stripe.paymentIntents.update(pi.id, { amount: 1250, metadata: { v: '2' } })).amount, 1250);
    const canceled = await stripe.paymentIntents.cancel(pi.id, { cancellation_reason: 'abandoned' });
    assert.equal(canceled.status, 'canceled');
    assert.equal(canceled.cancellation_reason, 'abandoned');
    await assert.rejects(stripe.paymentIntents.cancel(pi.id), { code: 'payment_intent_unexpected_state' });
    const other = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    await assert.rejects(
      stripe.paymentIntents.confirm(other.id, {
        payment_method_data: { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' } } as any,
      }),
      /Sending credit card numbers directly/,
    );
  });

  it('creates and confirms in one call (confirm=true)', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      payment_method: 'pm_card_mastercard',
      confirm: true,
      allowed_payment_method_types: ['card'],
    });
    assert.equal(pi.status, 'succeeded');
    assert.deepEqual(pi.allowed_payment_method_types, ['card']);
  });

  it('follows the API version for payment_method_types (refused since 2026-09-30.endive)', async () => {
    await assert.rejects(stripe.paymentIntents.create({ amount: 5000, currency: 'usd', payment_method_types: ['card'] } as any), {
      statusCode: 400,
      code: 'payment_method_types_no_longer_supported',
      param: 'payment_method_types',
    });
    const older = sdk(em, { apiVersion: '2025-09-30.clover' as any });
    const pi: any = await older.paymentIntents.create({ amount: 5000, currency: 'usd', payment_method_types: ['card'] } as any);
    assert.deepEqual(pi.payment_method_types, ['card']);
    assert.equal(pi.automatic_payment_methods, null);
    assert.equal('allowed_payment_method_types' in pi, false);
    await assert.rejects(older.paymentIntents.create({ amount: 5000, currency: 'usd', allowed_payment_method_types: ['card'] } as any), {
      code: 'parameter_unknown',
    });
  });
});

describe('errors in Stripe shape', () => {
  it('missing amount → 400 parameter_missing with param amount', async () => {
    const r = await raw(em, 'POST', '/v1/payment_intents', 'currency=usd');
    assert.equal(r.status, 400);
    assert.deepEqual(r.json.error, {
      type: 'invalid_request_error',
      message: 'Missing required param: amount.',
      code: 'parameter_missing',
      doc_url: 'https://stripe.com/docs/error-codes/parameter-missing',
      param: 'amount',
    });
    await assert.rejects(stripe.paymentIntents.create({ currency: 'usd' } as any), {
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'amount',
      code: 'parameter_missing',
    });
  });

  it('unknown id → 404 resource_missing; a missing referenced object → 400', async () => {
    await assert.rejects(stripe.paymentIntents.retrieve('pi_doesnotexist'), (e: any) => {
      assert.equal(e.statusCode, 404);
      assert.equal(e.code, 'resource_missing');
      assert.equal(e.param, 'intent');
      assert.equal(e.message, "No such payment_intent: 'pi_doesnotexist'");
      return true;
    });
    await assert.rejects(stripe.customers.retrieve('cus_nope'), { statusCode: 404, code: 'resource_missing' });
    await assert.rejects(stripe.paymentIntents.create({ amount: 1000, currency: 'usd', customer: 'cus_nope' }), {
      statusCode: 400,
      code: 'resource_missing',
      param: 'customer',
    });
  });

  it('rejects unknown params, bad integers, tiny amounts and unknown URLs', async () => {
    await assert.rejects(stripe.paymentIntents.create({ amount: 1000, currency: 'usd', amout: 5 } as any), { code: 'parameter_unknown', param: 'amout' });
    await assert.rejects(stripe.paymentIntents.create({ amount: 'ten' as any, currency: 'usd' }), { code: 'parameter_invalid_integer', param: 'amount' });
    await assert.rejects(stripe.paymentIntents.create({ amount: 10, currency: 'usd' }), {
      code: 'amount_too_small',
      message: 'Amount must be at least $0.50 usd',
    });
    const r = await raw(em, 'GET', '/v1/nothing');
    assert.equal(r.status, 404);
    assert.match(r.json.error.message, /^Unrecognized request URL \(GET: \/v1\/nothing\)/);
    const json = await raw(em, 'POST', '/v1/customers', '{"email":"x@example.com"}', { 'Content-Type': 'application/json' });
    assert.equal(json.status, 400);
  });
});

describe('products, prices, subscriptions and invoices', () => {
  async function membershipPrice(client = stripe) {
    const product = await client.products.create({ name: 'Marketshare membership' });
    return client.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 2999,
      recurring: { interval: 'month' },
      lookup_key: `membership-${product.id}`,
    });
  }

  it('creates and retrieves products and recurring prices, expands price.product and finds prices by lookup key', async () => {
    const price = await membershipPrice();
    assert.match(price.id, /^price_/);
    assert.equal(price.type, 'recurring');
    assert.deepEqual([price.recurring?.interval, price.recurring?.interval_count], ['month', 1]);
    const withProduct = await stripe.prices.retrieve(price.id, { expand: ['product'] });
    assert.equal((withProduct.product as Stripe.Product).name, 'Marketshare membership');
    const byKey = await stripe.prices.list({ lookup_keys: [price.lookup_key!] });
    assert.deepEqual(
      byKey.data.map((p) => p.id),
      [price.id],
    );
    await assert.rejects(
      stripe.prices.create({ product: String(price.product), currency: 'usd', unit_amount: 1, lookup_key: price.lookup_key! }),
      /already uses that lookup key/,
    );
    const product = await stripe.products.retrieve(String(price.product));
    assert.match(product.id, /^prod_/);
  });

  it('default_incomplete subscription: incomplete with a payable invoice, active once its PaymentIntent succeeds (current API version)', async () => {
    const price = await membershipPrice();
    const customer = await stripe.customers.create({ email: 'member@example.com' });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
    });
    assert.match(sub.id, /^sub_/);
    assert.equal(sub.status, 'incomplete');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    assert.match(invoice.id!, /^in_/);
    assert.equal(invoice.status, 'open');
    assert.equal(invoice.amount_due, 2999);
    assert.equal(invoice.parent?.subscription_details?.subscription, sub.id);
    const secret = invoice.confirmation_secret!.client_secret;
    const piId = (invoice.payments!.data[0].payment as any).payment_intent as string;
    assert.equal(secret.split('_secret_')[0], piId);
    // Since 2025-03-31.basil invoices have no payment_intent: Stripe refuses that expansion.
    await assert.rejects(stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice.payment_intent'] }), {
      statusCode: 400,
      message: "This property cannot be expanded because it doesn't exist: payment_intent.",
    });

    const paid = await stripe.paymentIntents.confirm(piId, { payment_method: 'pm_card_visa' });
    assert.equal(paid.status, 'succeeded');
    const active = await stripe.subscriptions.retrieve(sub.id);
    assert.equal(active.status, 'active');
    assert.equal(active.default_payment_method, paid.payment_method);
    assert.ok(active.items.data[0].current_period_end > active.items.data[0].current_period_start);
    const inv = await stripe.invoices.retrieve(invoice.id!);
    assert.equal(inv.status, 'paid');
    assert.equal(inv.amount_paid, 2999);
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id! });
    assert.equal(payments.data[0].status, 'paid');

    const canceled = await stripe.subscriptions.cancel(sub.id);
    assert.equal(canceled.status, 'canceled');
    assert.ok(canceled.canceled_at);
  });

  it('an SDK pinned to an older API version gets latest_invoice.payment_intent with its client_secret', async () => {
    const legacy = sdk(em, { apiVersion: '2025-02-24.acacia' as any });
    const price = await membershipPrice(legacy);
    const customer = await legacy.customers.create({ email: 'old@example.com' });
    const sub: any = await legacy.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.payment_intent'],
    });
    assert.equal(sub.status, 'incomplete');
    const pi = sub.latest_invoice.payment_intent;
    assert.equal(pi.object, 'payment_intent');
    assert.equal(pi.status, 'requires_payment_method');
    assert.match(pi.client_secret, /^pi_\w+_secret_\w+$/);
    assert.equal(pi.invoice, sub.latest_invoice.id);
    assert.equal(sub.latest_invoice.subscription, sub.id);
    assert.ok(sub.current_period_end > sub.current_period_start);
    await legacy.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
    const inv: any = await legacy.invoices.retrieve(sub.latest_invoice.id);
    assert.equal(inv.paid, true);
    assert.equal((await legacy.subscriptions.retrieve(sub.id)).status, 'active');
  });

  it('charges a customer default payment method at once unless default_incomplete; error_if_incomplete declines with 402', async () => {
    const price = await membershipPrice();
    const customer = await stripe.customers.create({ payment_method: 'pm_card_visa' });
    const attached = await stripe.customers.listPaymentMethods(customer.id);
    assert.equal(attached.data[0].card?.last4, '4242');
    assert.equal((await stripe.paymentMethods.list({ customer: customer.id })).data[0].id, attached.data[0].id);
    const card = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: 'pm_card_visa' } });
    assert.match(String(card.invoice_settings.default_payment_method), /^pm_/);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id, quantity: 2 }] });
    assert.equal(sub.status, 'active');
    assert.equal((await stripe.invoices.retrieve(String(sub.latest_invoice))).amount_paid, 2 * 2999);
    const declined = await stripe.customers.create({});
    await stripe.customers.update(declined.id, { invoice_settings: { default_payment_method: 'pm_card_chargeDeclined' } });
    await assert.rejects(stripe.subscriptions.create({ customer: declined.id, items: [{ price: price.id }], payment_behavior: 'error_if_incomplete' }), {
      statusCode: 402,
      code: 'card_declined',
    });
    assert.equal((await stripe.subscriptions.list({ customer: declined.id, status: 'all' })).data.length, 0);
    const incomplete = await stripe.subscriptions.create({ customer: declined.id, items: [{ price: price.id }] }); // allow_incomplete
    assert.equal(incomplete.status, 'incomplete');
  });

  it('validates subscription input like Stripe', async () => {
    const customer = await stripe.customers.create({});
    await assert.rejects(stripe.subscriptions.create({ customer: customer.id } as any), { param: 'items', code: 'parameter_missing' });
    await assert.rejects(stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_missing' }] }), {
      statusCode: 400,
      code: 'resource_missing',
      param: 'items[0][price]',
    });
    const oneTime = await stripe.prices.create({ currency: 'usd', unit_amount: 500, product_data: { name: 'Book' } });
    await assert.rejects(stripe.subscriptions.create({ customer: customer.id, items: [{ price: oneTime.id }] }), /type=one_time/);
    await assert.rejects(stripe.subscriptions.retrieve('sub_missing'), { statusCode: 404, code: 'resource_missing' });
  });
});

describe('browser-side API (publishable key, as the served Stripe.js calls it)', () => {
  it('confirms with the client secret and a typed card; refuses a wrong secret', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 1999, currency: 'usd', metadata: { secret: 'not for browsers' } });
    const card =
      'payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242&payment_method_data[card][exp_month]=12&payment_method_data[card][exp_year]=2040&payment_method_data[card][cvc]=123';
    const wrong = await raw(em, 'POST', `/v1/payment_intents/${pi.id}/confirm`, `key=pk_test_x&client_secret=${pi.id}_secret_wrong&${card}`, {
      Authorization: '',
    });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.json.error.param, 'client_secret');
    const ok = await raw(em, 'POST', `/v1/payment_intents/${pi.id}/confirm`, `key=pk_test_x&client_secret=${pi.client_secret}&${card}`, {
      Authorization: '',
      Origin: 'http://localhost:3000',
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.json.status, 'succeeded');
    assert.equal(ok.json.metadata, undefined); // publishable keys see a reduced PaymentIntent
    assert.equal(ok.headers.get('access-control-allow-origin'), 'http://localhost:3000');
    const blocked = await raw(em, 'POST', `/v1/payment_intents/${pi.id}/cancel`, 'key=pk_test_x', { Authorization: '' });
    assert.equal(blocked.status, 401);
  });

  it('answers CORS preflights for localhost origins only', async () => {
    const local = await fetch(`${em.url}/v1/payment_intents/pi_x/confirm`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3900', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(local.status, 204);
    assert.equal(local.headers.get('access-control-allow-origin'), 'http://localhost:3900');
    const foreign = await fetch(`${em.url}/v1/payment_intents/pi_x/confirm`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(foreign.headers.get('access-control-allow-origin'), null);
  });

  it('serves the Stripe.js stand-in at /v3/ and /v3', async () => {
    for (const path of ['/v3/', '/v3']) {
      const res = await fetch(em.url + path);
      assert.equal(res.status, 200);
      assert.match(String(res.headers.get('content-type')), /javascript/);
      assert.match(await res.text(), /window\.Stripe = Stripe/);
    }
  });
});
