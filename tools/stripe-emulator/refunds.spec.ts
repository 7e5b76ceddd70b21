// Refunds and disputes as Stripe makes them: POST /v1/refunds, charge.refunded, charge.dispute.created.
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import { emulatorWithReceiver, raw, until, WEBHOOK_SECRET } from './test-helpers';

const t = emulatorWithReceiver();

async function paid(paymentMethod = 'pm_card_visa', amount = 500) {
  return t.stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: paymentMethod, confirm: true, allowed_payment_method_types: ['card'] });
}

/** The events the endpoint received of a type for an object id, verified against the secret. */
const received = (type: string, id: string) =>
  t.hook.received
    .map((r) => t.stripe.webhooks.constructEvent(r.raw, r.signature, WEBHOOK_SECRET))
    .filter((e) => e.type === type && (e.data.object as { id: string }).id === id);

describe('refunds', () => {
  it('refunds a charge by payment_intent in full and emits refund.created then charge.refunded with the refunded charge', async () => {
    const pi = await paid();
    const refund = await t.stripe.refunds.create({ payment_intent: pi.id });
    assert.deepEqual(
      [refund.object, refund.amount, refund.status, refund.charge, refund.payment_intent],
      ['refund', 500, 'succeeded', pi.latest_charge, pi.id],
    );
    const charge = await t.stripe.charges.retrieve(pi.latest_charge as string);
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
    await t.stripe.refunds.create({ charge: chargeId, amount: 200 });
    assert.deepEqual(await t.stripe.charges.retrieve(chargeId).then((c) => [c.amount_refunded, c.refunded]), [200, false]);
    const tooMuch = await raw(t.em, 'POST', '/v1/refunds', `charge=${chargeId}&amount=400`);
    assert.equal(tooMuch.status, 400);
    assert.deepEqual(
      [tooMuch.json.error.code, tooMuch.json.error.message],
      ['amount_too_large', 'Refund amount ($4.00) is greater than unrefunded amount on charge ($3.00)'],
    );
    await t.stripe.refunds.create({ charge: chargeId });
    assert.equal((await t.stripe.charges.retrieve(chargeId)).refunded, true);
    const again = await raw(t.em, 'POST', '/v1/refunds', `charge=${chargeId}`);
    assert.deepEqual(
      [again.status, again.json.error.code, again.json.error.message],
      [400, 'charge_already_refunded', `Charge ${chargeId} has already been refunded.`],
    );
    const neither = await raw(t.em, 'POST', '/v1/refunds', 'amount=100');
    assert.deepEqual([neither.status, neither.json.error.code], [400, 'parameter_missing']);
  });

  it('refunds an invoice’s payment: the charge of a subscription’s first invoice, found through its invoice payment', async () => {
    const product = await t.stripe.products.create({ name: 'Marketshare membership' });
    const price = await t.stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 500, recurring: { interval: 'month' } });
    const customer = await t.stripe.customers.create({ email: 'refund-invoice@example.com' });
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const confirmed = await t.stripe.paymentIntents.confirm(invoice.confirmation_secret!.client_secret.split('_secret_')[0], {
      payment_method: 'pm_card_visa',
    });
    const refund = await t.stripe.refunds.create({ charge: confirmed.latest_charge as string });
    const payments = await t.stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: refund.payment_intent as string } });
    assert.deepEqual(
      payments.data.map((p) => p.invoice),
      [invoice.id],
    );
    assert.equal((await t.stripe.invoices.retrieve(invoice.id!)).billing_reason, 'subscription_create');
  });
});

describe('refunds as orders make them', () => {
  it('partial refunds by payment_intent add up, carry reason and metadata, and are listed and retrieved', async () => {
    const pi = await paid('pm_card_visa', 1000);
    const first = await t.stripe.refunds.create({ payment_intent: pi.id, amount: 300, reason: 'requested_by_customer', metadata: { orderRefundId: 'r-1' } });
    const second = await t.stripe.refunds.create({ payment_intent: pi.id, amount: 200 });
    assert.deepEqual(
      [first.amount, first.reason, first.metadata, first.status, first.payment_method],
      [300, 'requested_by_customer', { orderRefundId: 'r-1' }, 'succeeded', pi.payment_method],
    );
    assert.deepEqual((await t.stripe.refunds.retrieve(first.id)).metadata, { orderRefundId: 'r-1' });
    const charge = await t.stripe.charges.retrieve(pi.latest_charge as string);
    assert.deepEqual([charge.amount_refunded, charge.refunded], [500, false]);
    const listed = await t.stripe.refunds.list({ payment_intent: pi.id });
    assert.deepEqual(
      listed.data.map((r) => [r.id, r.amount]),
      [
        [second.id, 200],
        [first.id, 300],
      ],
    );
    await assert.rejects(t.stripe.refunds.create({ payment_intent: pi.id, amount: 501 }), (e: Stripe.errors.StripeError) => {
      assert.deepEqual(
        [e.statusCode, e.code, e.message],
        [400, 'amount_too_large', 'Refund amount ($5.01) is greater than unrefunded amount on charge ($5.00)'],
      );
      return true;
    });
  });

  it('two refunds of the remainder sent at once: exactly one succeeds, the charge is never refunded beyond its amount', async () => {
    const pi = await paid('pm_card_visa', 800);
    await t.stripe.refunds.create({ payment_intent: pi.id, amount: 300 });
    const results = await Promise.allSettled([
      t.stripe.refunds.create({ payment_intent: pi.id, amount: 500 }),
      t.stripe.refunds.create({ payment_intent: pi.id, amount: 500 }),
    ]);
    assert.deepEqual(results.map((r) => r.status).sort(), ['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    assert.ok(['amount_too_large', 'charge_already_refunded'].includes((refused.reason as Stripe.errors.StripeError).code!));
    const charge = await t.stripe.charges.retrieve(pi.latest_charge as string);
    assert.deepEqual([charge.amount_refunded, charge.refunded], [800, true]);
    assert.equal((await t.stripe.refunds.list({ payment_intent: pi.id })).data.length, 2);
  });

  it('an Idempotency-Key replays the same refund (once, even when sent in parallel) and refuses other parameters', async () => {
    const pi = await paid('pm_card_visa', 900);
    const [a, b] = await Promise.all([
      t.stripe.refunds.create({ payment_intent: pi.id, amount: 400 }, { idempotencyKey: `refund-${pi.id}-1` }),
      t.stripe.refunds.create({ payment_intent: pi.id, amount: 400 }, { idempotencyKey: `refund-${pi.id}-1` }),
    ]);
    assert.equal(a.id, b.id);
    assert.deepEqual(
      (await t.stripe.refunds.list({ payment_intent: pi.id })).data.map((r) => r.id),
      [a.id],
    );
    assert.equal((await t.stripe.charges.retrieve(pi.latest_charge as string)).amount_refunded, 400);
    await assert.rejects(t.stripe.refunds.create({ payment_intent: pi.id, amount: 401 }, { idempotencyKey: `refund-${pi.id}-1` }), {
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
  });

  it('pm_card_refundFail: the refund answers succeeded, then fails with failure_reason and gives the amount back to the charge', async () => {
    const pi = await paid('pm_card_refundFail', 700);
    const chargeId = pi.latest_charge as string;
    const refund = await t.stripe.refunds.create({ payment_intent: pi.id, amount: 700 });
    assert.equal(refund.status, 'succeeded');
    const [failed] = await until('refund.failed delivered', () => {
      const events = received('refund.failed', refund.id);
      return events.length > 0 && events;
    });
    assert.deepEqual(
      [(failed.data.object as Stripe.Refund).status, (failed.data.object as Stripe.Refund).failure_reason],
      ['failed', 'expired_or_canceled_card'],
    );
    for (const type of ['refund.updated', 'charge.refund.updated']) {
      const [event] = received(type, refund.id);
      assert.equal((event.data.object as Stripe.Refund).status, 'failed', type);
      assert.deepEqual(event.data.previous_attributes, { status: 'succeeded' }, type);
    }
    assert.deepEqual(await t.stripe.refunds.retrieve(refund.id).then((r) => [r.status, r.failure_reason]), ['failed', 'expired_or_canceled_card']);
    const charge = await t.stripe.charges.retrieve(chargeId);
    assert.deepEqual([charge.amount_refunded, charge.refunded], [0, false]);
    // The amount is refundable again, as on Stripe.
    assert.equal((await t.stripe.refunds.create({ charge: chargeId, amount: 100 })).amount, 100);
  });

  it('pm_card_pendingRefund: the refund answers pending, then succeeds with refund.updated and charge.refund.updated', async () => {
    const pi = await paid('pm_card_pendingRefund', 600);
    const refund = await t.stripe.refunds.create({ payment_intent: pi.id });
    assert.equal(refund.status, 'pending');
    const [updated] = await until('charge.refund.updated delivered', () => {
      const events = received('charge.refund.updated', refund.id);
      return events.length > 0 && events;
    });
    assert.deepEqual([(updated.data.object as Stripe.Refund).status, updated.data.previous_attributes], ['succeeded', { status: 'pending' }]);
    assert.equal(received('refund.updated', refund.id).length, 1);
    assert.equal((await t.stripe.refunds.retrieve(refund.id)).status, 'succeeded');
    assert.equal((await t.stripe.charges.retrieve(pi.latest_charge as string)).amount_refunded, 600);
  });

  it('cancelling an unpaid payment intent emits payment_intent.canceled with the reason', async () => {
    const pi = await t.stripe.paymentIntents.create({ amount: 500, currency: 'usd' });
    const canceled = await t.stripe.paymentIntents.cancel(pi.id, { cancellation_reason: 'abandoned' });
    assert.deepEqual([canceled.status, canceled.cancellation_reason], ['canceled', 'abandoned']);
    const [event] = await until('payment_intent.canceled delivered', () => {
      const events = received('payment_intent.canceled', pi.id);
      return events.length > 0 && events;
    });
    assert.deepEqual([(event.data.object as Stripe.PaymentIntent).status, event.data.previous_attributes?.status], ['canceled', 'requires_payment_method']);
  });
});

describe('disputes', () => {
  it('pm_card_createDispute: the payment succeeds, then charge.dispute.created arrives with the charge and payment intent', async () => {
    const pi = await paid('pm_card_createDispute');
    assert.equal(pi.status, 'succeeded');
    const charge = await t.stripe.charges.retrieve(pi.latest_charge as string);
    assert.equal(charge.disputed, true);
    const events = await until('dispute delivered', () => {
      const all = t.hook.received
        .map((r) => t.stripe.webhooks.constructEvent(r.raw, r.signature, WEBHOOK_SECRET))
        .filter((e) => e.type === 'charge.dispute.created');
      const mine = all.filter((e) => (e.data.object as Stripe.Dispute).charge === charge.id);
      return mine.length > 0 && mine;
    });
    const dispute = events[0].data.object as Stripe.Dispute;
    assert.deepEqual(
      [dispute.object, dispute.payment_intent, dispute.reason, dispute.status, dispute.amount],
      ['dispute', pi.id, 'fraudulent', 'needs_response', 500],
    );
    assert.equal((await t.stripe.disputes.retrieve(dispute.id)).charge, charge.id);
  });

  it('POST /_emulator/charges/:id/dispute opens a dispute on an earlier charge, once', async () => {
    const pi = await paid();
    const chargeId = pi.latest_charge as string;
    const opened = await raw(t.em, 'POST', `/_emulator/charges/${chargeId}/dispute?reason=product_not_received`);
    assert.deepEqual([opened.status, opened.json.object, opened.json.charge, opened.json.reason], [200, 'dispute', chargeId, 'product_not_received']);
    const twice = await raw(t.em, 'POST', `/_emulator/charges/${chargeId}/dispute`);
    assert.deepEqual([twice.status, twice.json.error.message], [400, `Charge ${chargeId} is already disputed.`]);
    const unknown = await raw(t.em, 'POST', '/_emulator/charges/ch_nope/dispute');
    assert.deepEqual([unknown.status, unknown.json.error.message], [404, "No such charge: 'ch_nope'"]);
  });
});
