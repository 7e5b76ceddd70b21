import type { BuyerOrder, BuyerTimelineEntry, OrderSummary, OrderTimelineEntry, PlacedOrder, PricedLine } from '@km/contracts';
import type { OrderLine } from './order-line.entity';
import type { OrderTimelineRecord, StoredTimelineEntry } from './order-timeline.entity';
import type { Order } from './order.entity';

export const toPricedLine = (line: OrderLine): PricedLine => ({
  productId: line.productId,
  productName: line.productName,
  productPrice: line.unitPrice,
  quantity: line.quantity,
  subtotal: line.lineTotal,
});

const totalsOf = (order: Order) => ({
  subtotal: order.subtotal,
  // Only a member's order shows the discount line (Totals.memberDiscount).
  ...(order.memberId ? { memberDiscount: order.memberDiscount } : {}),
  tax: order.tax,
  shipping: order.shipping,
  total: order.total,
});

export const toPlacedOrder = (order: Order, created: boolean): PlacedOrder => ({
  orderNumber: order.orderNumber,
  status: order.status,
  ...totalsOf(order),
  created,
});

/** A stored step as the API sends it: the row's details with its kind and time. */
export const toTimelineEntry = (record: OrderTimelineRecord): StoredTimelineEntry =>
  ({ ...record.data, kind: record.kind, at: record.createdAt.toISOString() }) as StoredTimelineEntry;

/**
 * The order's whole life: `placed` first, then `paid` (from the order's columns) and the stored steps by time, steps of
 * the same instant in the order given. Placed always leads: Stripe dates a payment to the second, and a buyer may pay
 * before the browser creates the order, so the payment's time can be earlier than the order's.
 */
export function timelineOf(order: Order, records: OrderTimelineRecord[]): OrderTimelineEntry[] {
  const later: OrderTimelineEntry[] = order.paidAt ? [{ kind: 'paid', at: order.paidAt.toISOString(), amount: order.amountReceived ?? order.total }] : [];
  later.push(...records.map(toTimelineEntry));
  return [{ kind: 'placed', at: order.createdAt.toISOString() }, ...later.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))];
}

/** The buyer's timeline: every step but the staff's notes. */
export const buyerTimelineOf = (order: Order, records: OrderTimelineRecord[]): BuyerTimelineEntry[] =>
  timelineOf(order, records).filter((entry): entry is BuyerTimelineEntry => entry.kind !== 'note');

export const toBuyerOrder = (order: Order, records: OrderTimelineRecord[]): BuyerOrder => ({
  orderNumber: order.orderNumber,
  status: order.status,
  customerName: order.customerName,
  customerEmail: order.customerEmail,
  shippingAddress: order.shippingAddress,
  billingAddress: order.billingAddress,
  items: [...order.lines].sort((a, b) => a.position - b.position).map(toPricedLine),
  ...totalsOf(order),
  createdAt: order.createdAt.toISOString(),
  paidAt: order.paidAt?.toISOString() ?? null,
  timeline: buyerTimelineOf(order, records),
});

/** One row of an order list: the order's own columns and how many items its lines hold. */
export const toOrderSummary = (order: Order, itemCount: number): OrderSummary => ({
  orderNumber: order.orderNumber,
  status: order.status,
  customerName: order.customerName,
  customerEmail: order.customerEmail,
  total: order.total,
  amountReceived: order.amountReceived,
  receivedCurrency: order.receivedCurrency,
  itemCount,
  createdAt: order.createdAt.toISOString(),
  paidAt: order.paidAt?.toISOString() ?? null,
});
