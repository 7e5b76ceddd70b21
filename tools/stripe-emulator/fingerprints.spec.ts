// ADR 0028 (referral review): `card.fingerprint` where Stripe shows it, so membership can tell one card used twice.
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import type { StripeEmulator } from './server';
import { emulator, sdk } from './test-helpers';

let em: StripeEmulator;
let stripe: Stripe;
beforeAll(async () => {
  em = await emulator();
  stripe = sdk(em);
});
afterAll(() => em.close());

/** An incomplete $5.00/month subscription, as membership makes it, whose first invoice is paid with `card`. */
async function paidSubscription(card: string) {
  const product = await stripe.products.create({ name: 'Marketshare membership' });
  const price = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 500, recurring: { interval: 'month' } });
  const customer = await stripe.customers.create({ email: `fp-${Math.random().toString(36).slice(2)}@example.com` });
  const sub = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    expand: ['latest_invoice.confirmation_secret'],
  });
  const invoice = sub.latest_invoice as Stripe.Invoice;
  const intent = await stripe.paymentIntents.confirm(invoice.confirmation_secret!.client_secret.split('_secret_')[0], { payment_method: card });
  return { invoice, intent };
}

describe('card.fingerprint', () => {
  it('is the same for one card number and differs between numbers, as Stripe’s (16 letters and digits)', async () => {
    // The SDK's server-side way: a test token makes a fresh PaymentMethod each time it is attached.
    const customer = await stripe.customers.create({ email: 'fingerprints@example.com' });
    const a = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const b = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const master = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
    assert.notEqual(a.id, b.id);
    assert.match(a.card!.fingerprint!, /^[0-9A-Za-z]{16}$/);
    assert.equal(b.card!.fingerprint, a.card!.fingerprint);
    assert.notEqual(master.card!.fingerprint, a.card!.fingerprint);
    assert.equal((await stripe.paymentMethods.retrieve(a.id)).card!.fingerprint, a.card!.fingerprint);
  });

  it('shows on the charge (payment_method_details.card.fingerprint) and through the invoice payment’s expansions', async () => {
    const { invoice, intent } = await paidSubscription('pm_card_visa');
    const withCharge = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge', 'payment_method'] });
    const charge = withCharge.latest_charge as Stripe.Charge;
    const method = withCharge.payment_method as Stripe.PaymentMethod;
    assert.match(method.card!.fingerprint!, /^[0-9A-Za-z]{16}$/);
    assert.equal(charge.payment_method_details!.card!.fingerprint, method.card!.fingerprint);
    assert.equal((await stripe.charges.retrieve(charge.id)).payment_method_details!.card!.fingerprint, method.card!.fingerprint);

    // From the paid invoice, as membership reads it: its payment's PaymentIntent with the PaymentMethod expanded.
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id, expand: ['data.payment.payment_intent.payment_method'] });
    const paid = payments.data[0].payment.payment_intent as Stripe.PaymentIntent;
    assert.equal((paid.payment_method as Stripe.PaymentMethod).card!.fingerprint, method.card!.fingerprint);

    const other = await paidSubscription('pm_card_visa');
    const again = await stripe.paymentIntents.retrieve(other.intent.id, { expand: ['latest_charge'] });
    assert.equal((again.latest_charge as Stripe.Charge).payment_method_details!.card!.fingerprint, method.card!.fingerprint);
    const amex = await paidSubscription('pm_card_amex');
    const differs = await stripe.paymentIntents.retrieve(amex.intent.id, { expand: ['latest_charge'] });
    assert.notEqual((differs.latest_charge as Stripe.Charge).payment_method_details!.card!.fingerprint, method.card!.fingerprint);
  });
});
