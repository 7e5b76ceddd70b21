// A customer's credit balance (ADR 0062): balance transactions on the wire, and invoices that take the balance as
// Stripe does (starting_balance, ending_balance, amount_due), renewed by a test clock.
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import type { StripeEmulator } from './server';
import { activeOnClock, emulator, sdk } from './test-helpers';

const T0 = Date.UTC(2026, 0, 10, 12) / 1000; // 10 January 2026, noon UTC

let em: StripeEmulator;
let stripe: Stripe;
beforeAll(async () => {
  em = await emulator();
  stripe = sdk(em);
});
afterAll(async () => {
  await em.close();
});

/** Advances the clock past the period's end and answers the renewal invoice. */
async function renew(clockId: string, sub: Stripe.Subscription): Promise<Stripe.Invoice> {
  await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: sub.items.data[0].current_period_end + 60 });
  for (let i = 0; i < 200 && (await stripe.testHelpers.testClocks.retrieve(clockId)).status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 10));
  const renewed = await stripe.subscriptions.retrieve(sub.id);
  return stripe.invoices.retrieve(String(renewed.latest_invoice));
}

describe('customer balance transactions', () => {
  it('a credit is a negative balance transaction with the balance it left; the list answers them newest first', async () => {
    const customer = await stripe.customers.create({ email: 'ledger@example.com' });
    const first = await stripe.customers.createBalanceTransaction(customer.id, {
      amount: -300,
      currency: 'usd',
      description: 'Earnings of 2026-10',
      metadata: { payout_id: 'p1' },
    });
    assert.deepEqual(
      [first.object, first.amount, first.ending_balance, first.type, first.description, first.metadata, first.invoice],
      ['customer_balance_transaction', -300, -300, 'adjustment', 'Earnings of 2026-10', { payout_id: 'p1' }, null],
    );
    const second = await stripe.customers.createBalanceTransaction(customer.id, { amount: -150, currency: 'usd' });
    assert.equal(second.ending_balance, -450);
    assert.equal((await stripe.customers.retrieve(customer.id)).balance, -450);
    const list = await stripe.customers.listBalanceTransactions(customer.id);
    assert.deepEqual(
      list.data.map((t) => t.id),
      [second.id, first.id],
    );
  });

  it('refuses a transaction without amount or currency, in another currency than the customer’s, or for no such customer', async () => {
    const customer = await stripe.customers.create({ email: 'refused@example.com' });
    await assert.rejects(stripe.customers.createBalanceTransaction(customer.id, { currency: 'usd' } as never), { code: 'parameter_missing', param: 'amount' });
    await assert.rejects(stripe.customers.createBalanceTransaction(customer.id, { amount: -100 } as never), { code: 'parameter_missing', param: 'currency' });
    await stripe.customers.createBalanceTransaction(customer.id, { amount: -100, currency: 'usd' });
    await assert.rejects(stripe.customers.createBalanceTransaction(customer.id, { amount: -100, currency: 'eur' }), { code: 'currency_mismatch' });
    await assert.rejects(stripe.customers.createBalanceTransaction('cus_nobody', { amount: -100, currency: 'usd' }), { statusCode: 404 });
  });

  it('the next invoice takes a credit: starting_balance, amount_due reduced, ending_balance, and what it took recorded', async () => {
    const { clock, customer, sub } = await activeOnClock(stripe, T0);
    await stripe.customers.createBalanceTransaction(customer.id, { amount: -300, currency: 'usd' });
    const invoice = await renew(clock.id, sub);
    assert.deepEqual(
      [invoice.total, invoice.starting_balance, invoice.amount_due, invoice.ending_balance, invoice.amount_paid, invoice.status],
      [500, -300, 200, 0, 200, 'paid'],
    );
    assert.equal((await stripe.customers.retrieve(customer.id)).balance, 0);
    const applied = (await stripe.customers.listBalanceTransactions(customer.id)).data[0];
    assert.deepEqual([applied.type, applied.amount, applied.invoice, applied.ending_balance], ['applied_to_invoice', 300, invoice.id, 0]);
  });

  it('a credit larger than the invoice pays it whole and the rest waits for the next; under 50 cents due is not charged but carried', async () => {
    const { clock, customer, sub } = await activeOnClock(stripe, T0);
    await stripe.customers.createBalanceTransaction(customer.id, { amount: -730, currency: 'usd' });
    const covered = await renew(clock.id, sub);
    assert.deepEqual([covered.starting_balance, covered.amount_due, covered.ending_balance, covered.status], [-730, 0, -230, 'paid']);
    const next = await renew(clock.id, await stripe.subscriptions.retrieve(sub.id));
    assert.deepEqual([next.starting_balance, next.amount_due, next.ending_balance, next.status], [-230, 270, 0, 'paid']);
    await stripe.customers.createBalanceTransaction(customer.id, { amount: -470, currency: 'usd' });
    const small = await renew(clock.id, await stripe.subscriptions.retrieve(sub.id));
    assert.deepEqual([small.starting_balance, small.amount_due, small.ending_balance, small.status], [-470, 0, 30, 'paid']);
    assert.equal((await stripe.customers.listBalanceTransactions(customer.id)).data[0].type, 'invoice_too_small');
  });
});
