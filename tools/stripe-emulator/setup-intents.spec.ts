// SetupIntents as membership's "update card" uses them: saved with Stripe.js's publishable key, attached to the customer,
// then made the subscription's default card and charged by POST /v1/invoices/:id/pay.
import assert from 'node:assert/strict';
import type Stripe from 'stripe';
import type { StripeEmulator } from './server';
import { emulator, sdk } from './test-helpers';

let em: StripeEmulator;
let stripe: Stripe;
beforeAll(async () => {
  em = await emulator();
  stripe = sdk(em);
});
afterAll(() => em.close());

/** What Stripe.js's confirmSetup sends: the client secret and the typed card, with the publishable key. */
async function confirmInBrowser(clientSecret: string, number: string) {
  const id = clientSecret.split('_secret_')[0];
  const body = new URLSearchParams({
    key: 'pk_test_emulator',
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': String(new Date().getFullYear() + 2),
    'payment_method_data[card][cvc]': '123',
  });
  const res = await fetch(`${em.url}/v1/setup_intents/${id}/confirm`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.status, json: (await res.json()) as any };
}

describe('SetupIntents', () => {
  it('a card saved in the browser is attached to the customer, and the intent shows it with status succeeded', async () => {
    const customer = await stripe.customers.create({ email: 'setup@example.com' });
    const si = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session', payment_method_types: ['card'], metadata: { km: '1' } });
    assert.deepEqual(
      [si.status, si.usage, si.customer, si.client_secret?.startsWith(`${si.id}_secret_`)],
      ['requires_payment_method', 'off_session', customer.id, true],
    );

    const confirmed = await confirmInBrowser(si.client_secret!, '4242424242424242');
    assert.equal(confirmed.status, 200);
    assert.equal(confirmed.json.status, 'succeeded');
    assert.equal(confirmed.json.customer, undefined, 'the publishable view leaves the customer out');
    const saved = await stripe.setupIntents.retrieve(si.id, { expand: ['payment_method'] });
    const pm = saved.payment_method as Stripe.PaymentMethod;
    assert.deepEqual([saved.status, pm.customer, pm.card?.last4], ['succeeded', customer.id, '4242']);
    await assert.rejects(stripe.setupIntents.confirm(si.id, { payment_method: 'pm_card_visa' }), { statusCode: 400, code: 'setup_intent_unexpected_state' });
  });

  it('a declined card is refused with a card error and nothing is attached; 0341 saves and declines only charges', async () => {
    const customer = await stripe.customers.create({ email: 'declined-setup@example.com' });
    const si = await stripe.setupIntents.create({ customer: customer.id });
    const declined = await confirmInBrowser(si.client_secret!, '4000000000000002');
    assert.equal(declined.status, 402);
    assert.deepEqual(
      [declined.json.error.type, declined.json.error.code, declined.json.error.decline_code],
      ['card_error', 'card_declined', 'generic_decline'],
    );
    const after = await stripe.setupIntents.retrieve(si.id);
    assert.deepEqual([after.status, after.last_setup_error?.code], ['requires_payment_method', 'card_declined']);
    assert.equal((await stripe.paymentMethods.list({ customer: customer.id })).data.length, 0);

    const chargeFail = await confirmInBrowser(si.client_secret!, '4000000000000341');
    assert.equal(chargeFail.json.status, 'succeeded');
    assert.equal((await stripe.paymentMethods.list({ customer: customer.id })).data.length, 1);
  });

  it('another intent’s client secret is refused with a publishable key', async () => {
    const a = await stripe.setupIntents.create({});
    const b = await stripe.setupIntents.create({});
    const res = await fetch(`${em.url}/v1/setup_intents/${a.id}?key=pk_test_emulator&client_secret=${encodeURIComponent(b.client_secret!)}`);
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as any).error.code, 'setup_intent_invalid_parameter');
  });
});
