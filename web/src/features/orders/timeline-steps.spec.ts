import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { timelineStep } from './timeline-steps';

const at = '2026-11-27T10:00:00.000Z';

describe('timelineStep', () => {
  it('names placed, paid, delivered and cancelled steps', () => {
    assert.deepEqual(timelineStep({ kind: 'placed', at }), { title: 'Order placed' });
    assert.deepEqual(timelineStep({ kind: 'paid', at, amount: '51.03' }), { title: 'Payment received', detail: '$51.03 charged to your card.' });
    assert.deepEqual(timelineStep({ kind: 'delivered', at, fulfilmentId: 'f1' }), { title: 'Delivered' });
    assert.deepEqual(timelineStep({ kind: 'cancelled', at, reason: null }), { title: 'Order cancelled' });
    assert.deepEqual(timelineStep({ kind: 'cancelled', at, reason: 'Asked by the buyer' }), {
      title: 'Order cancelled',
      detail: 'Reason: Asked by the buyer.',
    });
  });

  it('a shipment names its carrier, items and tracking number, and links to the tracking page', () => {
    const step = timelineStep({
      kind: 'fulfilled',
      at,
      fulfilmentId: 'f1',
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      lines: [
        { productId: 'p1', productName: 'Grace Study Bible', quantity: 1 },
        { productId: 'p2', productName: 'Cross & Chain', quantity: 2 },
      ],
    });
    assert.deepEqual(step, {
      title: 'Shipped',
      detail: '3 items by UPS: 1 × Grace Study Bible, 2 × Cross & Chain. Tracking number 1Z999AA10123456784.',
      tracking: { href: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', label: 'Track the UPS shipment' },
    });
  });

  it('a tracking address that is not http(s) is not made a link', () => {
    const step = timelineStep({
      kind: 'fulfilled',
      at,
      fulfilmentId: 'f1',
      carrier: 'other',
      trackingNumber: null,
      trackingUrl: 'javascript:alert(1)',
      lines: [{ productId: 'p1', productName: 'Hymnal', quantity: 1 }],
    });
    assert.deepEqual(step, { title: 'Shipped', detail: '1 item by Other: 1 × Hymnal.' });
  });

  it('a refund shows its amount, the total refunded and the reason', () => {
    assert.deepEqual(timelineStep({ kind: 'refunded', at, refundId: 'r1', amount: '10.00', refundedTotal: '25.00', reason: 'Scuffed cover' }), {
      title: 'Refunded $10.00',
      detail: '$25.00 refunded to your card in all. Reason: Scuffed cover.',
    });
    assert.deepEqual(timelineStep({ kind: 'refund_failed', at, refundId: 'r2', amount: '10.00', reason: null, message: 'Your card was declined.' }), {
      title: 'Refund delayed',
      detail: 'A refund of $10.00 did not go through yet; our team is on it.',
    });
  });
});
