import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatOrderDate, pageCount, pageRange, timelineText } from './admin-orders';
import { orderStatusLabel, orderStatusVariant } from './order-status';
import { ordersQueryString } from './api/get-orders';

describe('admin orders paging', () => {
  it('counts pages, at least one', () => {
    assert.equal(pageCount(0, 20), 1);
    assert.equal(pageCount(20, 20), 1);
    assert.equal(pageCount(21, 20), 2);
  });

  it('says which rows a page shows', () => {
    assert.deepEqual(pageRange(1, 20, 45), { first: 1, last: 20 });
    assert.deepEqual(pageRange(3, 20, 45), { first: 41, last: 45 });
    assert.deepEqual(pageRange(1, 20, 0), { first: 0, last: 0 });
  });

  it('asks for a page, and a status only when one is chosen', () => {
    assert.equal(ordersQueryString({ page: 2, pageSize: 20 }), 'page=2&pageSize=20');
    assert.equal(ordersQueryString({ page: 1, pageSize: 20, status: 'paid' }), 'page=1&pageSize=20&status=paid');
  });
});

describe('admin orders display', () => {
  it('labels and colours statuses', () => {
    assert.equal(orderStatusLabel('pending_payment'), 'Pending payment');
    assert.equal(orderStatusVariant('paid'), 'positive');
    assert.equal(orderStatusVariant('payment_failed'), 'alert');
    assert.equal(orderStatusVariant('pending_payment'), 'secondary');
    assert.equal(orderStatusLabel('refunded_later'), 'refunded later');
    assert.equal(orderStatusVariant('refunded_later'), 'plain');
  });

  it('formats the created date, N/A when missing', () => {
    assert.match(formatOrderDate('2026-11-22T15:04:00.000Z'), /^Nov 2[12], 2026, \d{1,2}:04 (AM|PM)$/);
    assert.equal(formatOrderDate(null), 'N/A');
    assert.equal(formatOrderDate('not a date'), 'N/A');
  });
});

describe('admin order timeline', () => {
  const label = (carrier: string) => ({ ups: 'UPS' })[carrier] ?? carrier;
  it('says each step in a line, with amounts, shipments and notes', () => {
    const at = '2026-11-27T10:00:00.000Z';
    assert.equal(timelineText({ kind: 'placed', at }, label), 'Order placed');
    assert.equal(timelineText({ kind: 'paid', at, amount: '70.20' }, label), 'Paid $70.20');
    assert.equal(
      timelineText({ kind: 'refunded', at, refundId: 'r', amount: '27.00', refundedTotal: '27.00', reason: 'Arrived damaged' }, label),
      'Refunded $27.00 (Arrived damaged); $27.00 refunded in all',
    );
    assert.equal(
      timelineText(
        {
          kind: 'fulfilled',
          at,
          fulfilmentId: 'f',
          carrier: 'ups',
          trackingNumber: '1Z9',
          trackingUrl: null,
          lines: [{ productId: 'p', productName: 'Psalter', quantity: 1 }],
        },
        label,
      ),
      'Shipped 1 × Psalter with UPS (1Z9)',
    );
    assert.equal(
      timelineText({ kind: 'refund_failed', at, refundId: 'r', amount: '5.00', reason: null, message: 'expired_or_canceled_card' }, label),
      'A refund of $5.00 failed: expired_or_canceled_card',
    );
    assert.equal(timelineText({ kind: 'note', at, text: 'Called', author: 'admin' }, label), 'Note by admin: Called');
    assert.equal(timelineText({ kind: 'cancelled', at, reason: 'abandoned' }, label), 'Cancelled (abandoned)');
  });
});
