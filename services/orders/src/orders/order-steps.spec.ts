import assert from 'node:assert/strict';
import { fulfilmentStatusOf, refundStatus, unitsToShip } from './order-steps';

const line = (quantity: number, quantityFulfilled = 0, quantityRefunded = 0, requiresShipping = true) => ({
  quantity,
  quantityFulfilled,
  quantityRefunded,
  requiresShipping,
});

test('an order is fulfilled when every physical line shipped its units that were not refunded; services need no shipping (ADR 0034)', () => {
  assert.equal(fulfilmentStatusOf([line(2), line(1, 0, 0, false)]), 'unfulfilled');
  assert.equal(fulfilmentStatusOf([line(2, 1), line(1, 0, 0, false)]), 'partially_fulfilled');
  assert.equal(fulfilmentStatusOf([line(2, 2), line(1, 0, 0, false)]), 'fulfilled');
  assert.equal(fulfilmentStatusOf([line(3, 1, 2)]), 'fulfilled', 'the refunded units are not to ship');
  assert.equal(fulfilmentStatusOf([line(1, 0, 0, false)]), 'not_required');
  assert.equal(fulfilmentStatusOf([line(2, 0, 2)]), 'not_required', 'everything refunded before it shipped: nothing to ship');
  assert.equal(unitsToShip(line(5, 2, 1)), 2);
});

test('a paid order is partially refunded, then refunded once all it received is back; other statuses stay', () => {
  const paid = { status: 'paid' as const, amountReceived: '64.80', total: '64.80' };
  assert.equal(refundStatus(paid, 0), 'paid');
  assert.equal(refundStatus(paid, 2160), 'partially_refunded');
  assert.equal(refundStatus(paid, 6480), 'refunded');
  assert.equal(refundStatus({ ...paid, status: 'cancelled' }, 6480), 'cancelled');
  assert.equal(refundStatus({ ...paid, status: 'payment_review' }, 100), 'payment_review');
});
