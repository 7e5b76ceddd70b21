import assert from 'node:assert/strict';
import { test } from 'node:test';
import { initialStatus, nextStatus } from './order-status';

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
