import type { FulfilmentStatus, OrderStatus } from '@km/contracts';
import { AppError } from '@km/nest-kit';
import type { EntityManager } from 'typeorm';
import { normalizeOrderNumber } from './order-number';
import type { OrderLine } from './order-line.entity';
import { OrderTimelineRecord, type StoredTimelineKind, type TimelineData } from './order-timeline.entity';
import { Order } from './order.entity';
import { lockPaymentIntent } from './payment-intent-lock';

const notFound = (orderNumber: string) => new AppError('not_found', `There is no order ${orderNumber.trim()}.`);

/** Reads an order by number with its lines, in cart order; not_found when there is none. */
export async function orderByNumber(manager: EntityManager, orderNumber: string): Promise<Order> {
  const number = normalizeOrderNumber(orderNumber);
  const order = number ? await manager.findOne(Order, { where: { orderNumber: number }, relations: { lines: true } }) : null;
  if (!order) throw notFound(orderNumber);
  order.lines.sort((a, b) => a.position - b.position);
  return order;
}

/**
 * Takes the order's lock until the caller's transaction ends, then reads the order as it now is. The lock is the
 * payment intent's (payment-intent-lock.ts), which placing the order and every Stripe webhook take too, so a staff step,
 * a webhook and a sweep on the same order run one after the other (ADR 0035).
 */
export async function lockOrder(manager: EntityManager, where: { orderNumber: string } | { id: string }): Promise<Order> {
  const found = 'id' in where ? await manager.findOneBy(Order, { id: where.id }) : await orderByNumber(manager, where.orderNumber);
  if (!found) throw notFound('id' in where ? where.id : where.orderNumber);
  await lockPaymentIntent(manager, found.paymentIntentId);
  return orderByNumber(manager, found.orderNumber);
}

/** Writes one step of the order's timeline in the caller's transaction. `actor`: the staff user, null for the system. */
export async function writeStep<K extends StoredTimelineKind>(
  manager: EntityManager,
  orderId: string,
  kind: K,
  data: TimelineData<K>,
  actor: string | null,
): Promise<void> {
  await manager.save(manager.create(OrderTimelineRecord, { orderId, kind, data: data as Record<string, unknown>, actor }));
}

/** Units of a line still to ship: ordered, less refunded and already shipped. */
export const unitsToShip = (line: Pick<OrderLine, 'quantity' | 'quantityRefunded' | 'quantityFulfilled'>) =>
  Math.max(0, line.quantity - line.quantityRefunded - line.quantityFulfilled);

/** ADR 0034: an order is fulfilled when every physical line has shipped all its units that were not refunded. */
export function fulfilmentStatusOf(lines: Pick<OrderLine, 'requiresShipping' | 'quantity' | 'quantityRefunded' | 'quantityFulfilled'>[]): FulfilmentStatus {
  const physical = lines.filter((l) => l.requiresShipping);
  if (physical.length === 0) return 'not_required';
  const shipped = physical.reduce((n, l) => n + l.quantityFulfilled, 0);
  const left = physical.reduce((n, l) => n + unitsToShip(l), 0);
  if (left === 0) return shipped > 0 ? 'fulfilled' : 'not_required';
  return shipped > 0 ? 'partially_fulfilled' : 'unfulfilled';
}

/** Statuses of an order that was paid and may be refunded, shipped or cancelled with a refund. */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'partially_refunded'];

/**
 * What Stripe gave back and then reported failed (refunds failed after Stripe made them, ADR 0035): the order's
 * `amount_refunded` keeps the largest sum Stripe reported, so what is really refunded is that less these.
 */
export async function reversedCents(manager: EntityManager, orderId: string): Promise<number> {
  const [{ sum }]: { sum: string }[] = await manager.query(
    `SELECT coalesce(sum(amount), 0)::numeric(12,2) AS sum FROM refunds WHERE order_id = $1 AND status = 'failed' AND stripe_refund_id IS NOT NULL`,
    [orderId],
  );
  return Math.round(Number(sum) * 100);
}

/** A paid order's status after refunds: `refunded` once all it received is back, `partially_refunded` for some, else paid. */
export function refundStatus(order: Pick<Order, 'status' | 'amountReceived' | 'total'>, refundedCents: number): OrderStatus {
  if (!['paid', 'partially_refunded', 'refunded'].includes(order.status)) return order.status;
  const received = Math.round(Number(order.amountReceived ?? order.total) * 100);
  return refundedCents <= 0 ? 'paid' : refundedCents >= received ? 'refunded' : 'partially_refunded';
}
