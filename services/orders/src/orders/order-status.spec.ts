import assert from 'node:assert/strict';
import { initialStatus, nextStatus, outcomeOf, paymentMismatches } from './order-status';

test('a success pays a pending or failed order', () => {
  assert.equal(nextStatus('pending_payment', 'succeeded'), 'paid');
  assert.equal(nextStatus('payment_failed', 'succeeded'), 'paid');
});

test('a failure marks a pending order failed but never takes a paid order back', () => {
  assert.equal(nextStatus('pending_payment', 'failed'), 'payment_failed');
  assert.equal(nextStatus('payment_failed', 'failed'), 'payment_failed');
  assert.equal(nextStatus('paid', 'failed'), 'paid');
});

test('events recorded before the order existed decide its first status, in any order', () => {
  assert.equal(initialStatus([]), 'pending_payment');
  assert.equal(initialStatus(['failed']), 'payment_failed');
  assert.equal(initialStatus(['failed', 'succeeded']), 'paid');
  assert.equal(initialStatus(['succeeded', 'failed']), 'paid');
});

test('a success that does not match the order puts it in review, and review is final like paid', () => {
  assert.equal(nextStatus('pending_payment', 'mismatched'), 'payment_review');
  assert.equal(nextStatus('payment_failed', 'mismatched'), 'payment_review');
  assert.equal(nextStatus('payment_review', 'succeeded'), 'payment_review');
  assert.equal(nextStatus('payment_review', 'failed'), 'payment_review');
  assert.equal(nextStatus('paid', 'mismatched'), 'paid');
  assert.equal(initialStatus(['failed', 'mismatched']), 'payment_review');
});

const order = { totalCents: 79920, cartFingerprint: 'cart-a' };

test('a payment matches only its order total, in USD, for the cart the order was priced with', () => {
  assert.deepEqual(paymentMismatches(order, { amountCents: 79920, currency: 'usd', cartFingerprint: 'cart-a' }), []);
  assert.deepEqual(paymentMismatches(order, { amountCents: 2078, currency: 'usd', cartFingerprint: 'cart-a' }), [
    'Stripe received 20.78 but the order total is 799.20',
  ]);
  assert.deepEqual(paymentMismatches(order, { amountCents: 79920, currency: 'eur', cartFingerprint: 'cart-b' }), [
    'Stripe received EUR, not USD',
    'the payment intent was last priced for a different cart than this order',
  ]);
  // Orders from before fingerprints were kept are matched on amount and currency.
  assert.deepEqual(paymentMismatches({ totalCents: 100, cartFingerprint: null }, { amountCents: 100, currency: 'usd', cartFingerprint: null }), []);
});

test('a success is a payment of the order only when it matches; a failure is a failure', () => {
  assert.equal(outcomeOf('succeeded', order, { amountCents: 79920, currency: 'usd', cartFingerprint: 'cart-a' }), 'succeeded');
  assert.equal(outcomeOf('succeeded', order, { amountCents: 2078, currency: 'usd', cartFingerprint: 'cart-b' }), 'mismatched');
  assert.equal(outcomeOf('succeeded', order, null), 'mismatched');
  assert.equal(outcomeOf('failed', order, null), 'failed');
});
