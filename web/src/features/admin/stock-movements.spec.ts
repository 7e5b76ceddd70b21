import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDelta, movementBy, movementReasonLabel, stockCount } from './stock-movements';

describe('stock movements (ADR 0032)', () => {
  it('names each reason for the admin', () => {
    assert.equal(movementReasonLabel('sale'), 'Sale');
    assert.equal(movementReasonLabel('refund_restock'), 'Refund restock');
    assert.equal(movementReasonLabel('cancel_restock'), 'Cancel restock');
    assert.equal(movementReasonLabel('manual'), 'Manual change');
  });

  it('signs the change with a true minus sign', () => {
    assert.equal(formatDelta(3), '+3');
    assert.equal(formatDelta(-2), '\u22122');
    assert.equal(formatDelta(0), '0');
  });

  it('says who: the admin, else the order, else the shop', () => {
    assert.equal(movementBy({ actor: 'admin (u1)', orderNumber: null }), 'admin (u1)');
    assert.equal(movementBy({ actor: null, orderNumber: 'KM-ABCDEFGH' }), 'Order KM-ABCDEFGH');
    assert.equal(movementBy({ actor: null, orderNumber: null }), 'The shop');
  });

  it('reads a count or says it is not tracked', () => {
    assert.equal(stockCount(null), 'Not tracked');
    assert.equal(stockCount(4), '4 available');
  });
});
