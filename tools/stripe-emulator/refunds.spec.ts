// Refunds and disputes as Stripe makes them: POST /v1/refunds, charge.refunded, charge.dispute.created.
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import type { StripeEmulator } from './server';
import { emulator, raw, receiver, sdk, until, WEBHOOK_SECRET } from './test-helpers';

let em: StripeEmulator;
let stripe: Stripe;
let hook: Awaited<ReturnType<typeof receiver>>;
beforeAll(async () => {
  hook = await receiver();
  em = await emulator({ webhookUrls: [hook.url], webhookSecret: WEBHOOK_SECRET });
  stripe = sdk(em);
});
afterAll(async () => {
  await em.close();
  await hook.close();
});

async function paid(paymentMethod = 'pm_card_visa', amount = 500) {
  return stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: paymentMethod, confirm: true, allowed_payment_method_types: ['card'] });
}

/** The events the endpoint received of a type for an object id, verified against the secret. */
const received = (type: string, id: string) =>
  hook.received
    .map((r) => stripe.webhooks.constructEvent(r.raw, r.signature, WEBHOOK_SECRET))
    .filter((e) => e.type === type && (e.data.object as { id: string }).id === id);

describe('refunds', () => {
  it('refunds a charge by payment_intent in full and emits refund.created then charge.refunded with the refunded charge', async () => {
    const pi = await paid();
    const refund = await stripe.refunds.create({ payment_intent: pi.id });
    assert.deepEqual(
      [refund.object, refund.amount, refund.status, refund.charge, refund.payment_intent],
      ['refund', 500, 'succeeded', pi.latest_charge, pi.id],
    );
    const charge = await stripe.charges.retrieve(pi.latest_charge as string);
    assert.deepEqual([charge.amount_refunded, charge.refunded], [500, true]);
    const [event] = await until('charge.refunded delivered', () => {
      const events = received('charge.refunded', charge.id);
      return events.length > 0 && events;
    });
    const object = event.data.object as Stripe.Charge;
    assert.deepEqual([object.amount_refunded, object.refunded, object.payment_intent], [500, true, pi.id]);
    assert.deepEqual(event.data.previous_attributes, { amount_refunded: 0, refunded: false });
    assert.equal(received('refund.created', refund.id).length, 1);
  });

  it('refunds part of a charge by charge id, then the rest; a third refund is refused as Stripe words it', async () => {
    const pi = await paid();
    const chargeId = pi.latest_charge as string;
    await stripe.refunds.create({ charge: chargeId, amount: 200 });
    assert.deepEqual(await stripe.charges.retrieve(chargeId).then((c) => [c.amount_refunded, c.refunded]), [200, false]);
    const tooMuch = await raw(em, 'POST', '/v1/refunds', `charge=${chargeId}&amount=400`);
    assert.equal(tooMuch.status, 400);
    assert.deepEqual(
      [tooMuch.json.error.code, tooMuch.json.error.message],
      ['amount_too_large', 'Refund amount ($4.00) is greater than unrefunded amount on charge ($3.00)'],
    );
    await stripe.refunds.create({ charge: chargeId });
    assert.equal((await stripe.charges.retrieve(chargeId)).refunded, true);
    const again = await raw(em, 'POST', '/v1/refunds', `charge=${chargeId}`);
    assert.deepEqual(
      [again.status, again.json.error.code, again.json.error.message],
      [400, 'charge_already_refunded', `Charge ${chargeId} has already been refunded.`],
    );
    const neither = await raw(em, 'POST', '/v1/refunds', 'amount=100');
    assert.deepEqual([neither.status, neither.json.error.code], [400, 'parameter_missing']);
  });

  it('refunds an invoice’s payment: the charge of a subscription’s first invoice, found through its invoice payment', async () => {
    const product = await stripe.products.create({ name: 'Marketshare membership' });
    const price = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 500, recurring: { interval: 'month' } });
    const customer = await stripe.customers.create({ email: 'refund-invoice@example.com' });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const confirmed = await stripe.paymentIntents.confirm(invoice.confirmation_secret!.client_secret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
    const refund = await stripe.refunds.create({ charge: confirmed.latest_charge as string });
    const payments = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: refund.payment_intent as string } });
    assert.deepEqual(
      payments.data.map((p) => p.invoice),
      [invoice.id],
    );
    assert.equal((await stripe.invoices.retrieve(invoice.id!)).billing_reason, 'subscription_create');
  });
});

describe('disputes', () => {
  it('pm_card_createDispute: the payment succeeds, then charge.dispute.created arrives with the charge and payment intent', async () => {
    const pi = await paid('pm_card_createDispute');
    assert.equal(pi.status, 'succeeded');
    const charge = await stripe.charges.retrieve(pi.latest_charge as string);
    assert.equal(charge.disputed, true);
    const events = await until('dispute delivered', () => {
      const all = hook.received
        .map((r) => stripe.webhooks.constructEvent(r.raw, r.signature, WEBHOOK_SECRET))
        .filter((e) => e.type === 'charge.dispute.created');
      const mine = all.filter((e) => (e.data.object as Stripe.Dispute).charge === charge.id);
      return mine.length > 0 && mine;
    });
    const dispute = events[0].data.object as Stripe.Dispute;
    assert.deepEqual(
      [dispute.object, dispute.payment_intent, dispute.reason, dispute.status, dispute.amount],
      ['dispute', pi.id, 'fraudulent', 'needs_response', 500],
    );
    assert.equal((await stripe.disputes.retrieve(dispute.id)).charge, charge.id);
  });

  it('POST /_emulator/charges/:id/dispute opens a dispute on an earlier charge, once', async () => {
    const pi = await paid();
    const chargeId = pi.latest_charge as string;
    const opened = await raw(em, 'POST', `/_emulator/charges/${chargeId}/dispute?reason=product_not_received`);
    assert.deepEqual([opened.status, opened.json.object, opened.json.charge, opened.json.reason], [200, 'dispute', chargeId, 'product_not_received']);
    const twice = await raw(em, 'POST', `/_emulator/charges/${chargeId}/dispute`);
    assert.deepEqual([twice.status, twice.json.error.message], [400, `Charge ${chargeId} is already disputed.`]);
    const unknown = await raw(em, 'POST', '/_emulator/charges/ch_nope/dispute');
    assert.deepEqual([unknown.status, unknown.json.error.message], [404, "No such charge: 'ch_nope'"]);
  });
});
