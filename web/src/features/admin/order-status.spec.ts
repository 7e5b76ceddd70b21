import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ORDER_STATUSES, orderStatusLabel, orderStatusVariant } from './order-status';

test('every known status has a label and a badge; an unknown one is shown as sent', () => {
  assert.deepEqual(ORDER_STATUSES.map(orderStatusLabel), [
    'Pending payment',
    'Paid',
    'Payment failed',
    'Payment review',
    'Partially refunded',
    'Refunded',
    'Cancelled',
  ]);
  assert.deepEqual(ORDER_STATUSES.map(orderStatusVariant), ['secondary', 'positive', 'alert', 'alert', 'secondary', 'plain', 'plain']);
  assert.equal(orderStatusLabel('refunded_partially'), 'refunded partially');
  assert.equal(orderStatusVariant('refunded_partially'), 'plain');
});
