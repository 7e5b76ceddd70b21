import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatOrderDate, pageCount, pageRange } from './admin-orders';
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
