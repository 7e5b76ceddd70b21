import { buyerTimelineOf, timelineOf } from './order-views';
import type { OrderTimelineRecord } from './order-timeline.entity';
import type { Order } from './order.entity';

const order = (paidAt: string | null): Order =>
  ({ createdAt: new Date('2026-11-01T10:00:00Z'), paidAt: paidAt ? new Date(paidAt) : null, total: '59.38', amountReceived: paidAt ? '59.38' : null }) as Order;

const record = (kind: OrderTimelineRecord['kind'], at: string, data: Record<string, unknown>): OrderTimelineRecord =>
  ({ id: at, orderId: 'o', kind, data, actor: null, createdAt: new Date(at) }) as OrderTimelineRecord;

describe('an order timeline', () => {
  it('starts with placed, then paid from the order columns, then the stored steps by time', () => {
    const steps = [
      record('refunded', '2026-11-03T09:00:00Z', { amount: '10.00', refundedTotal: '10.00', reason: null }),
      record('fulfilled', '2026-11-02T09:00:00Z', { fulfilmentId: 'f1', carrier: 'USPS', trackingNumber: '9400', trackingUrl: null, lines: [] }),
    ];
    expect(timelineOf(order('2026-11-01T10:01:00Z'), steps)).toEqual([
      { kind: 'placed', at: '2026-11-01T10:00:00.000Z' },
      { kind: 'paid', at: '2026-11-01T10:01:00.000Z', amount: '59.38' },
      { kind: 'fulfilled', at: '2026-11-02T09:00:00.000Z', fulfilmentId: 'f1', carrier: 'USPS', trackingNumber: '9400', trackingUrl: null, lines: [] },
      { kind: 'refunded', at: '2026-11-03T09:00:00.000Z', amount: '10.00', refundedTotal: '10.00', reason: null },
    ]);
  });

  it('keeps placed first when Stripe dated the payment (to the second) before the order was written', () => {
    const paidEarlier = order('2026-11-01T09:59:59Z');
    expect(timelineOf(paidEarlier, []).map((e) => e.kind)).toEqual(['placed', 'paid']);
  });

  it('has no paid step for an unpaid order', () => {
    expect(timelineOf(order(null), []).map((e) => e.kind)).toEqual(['placed']);
  });

  it('shows the buyer every step but the staff notes', () => {
    const steps = [
      record('note', '2026-11-02T08:00:00Z', { text: 'called the buyer', author: 'admin@example.com' }),
      record('cancelled', '2026-11-02T09:00:00Z', { reason: 'customer' }),
    ];
    expect(buyerTimelineOf(order(null), steps).map((e) => e.kind)).toEqual(['placed', 'cancelled']);
  });
});
