import type { BuyerOrder, OrderSummary, PlacedOrder, PricedLine } from '@km/contracts';
import type { OrderLine } from './order-line.entity';
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

export const toBuyerOrder = (order: Order): BuyerOrder => ({
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
});

export interface OrderSummaryRow {
  order_number: string;
  status: Order['status'];
  customer_name: string;
  customer_email: string;
  total: string;
  amount_received: string | null;
  received_currency: string | null;
  item_count: string;
  created_at: Date;
  paid_at: Date | null;
}

export const toOrderSummary = (row: OrderSummaryRow): OrderSummary => ({
  orderNumber: row.order_number,
  status: row.status,
  customerName: row.customer_name,
  customerEmail: row.customer_email,
  total: row.total,
  amountReceived: row.amount_received,
  receivedCurrency: row.received_currency,
  itemCount: Number(row.item_count),
  createdAt: new Date(row.created_at).toISOString(),
  paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
});
