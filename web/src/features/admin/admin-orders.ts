import type { OrderTimelineEntry } from '@km/contracts';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Nov 22, 2026, 3:04 PM" in the viewer's time zone; "N/A" when missing or unreadable (as the admin inbox shows). */
export function formatOrderDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'N/A' : DATE_FORMAT.format(date);
}

/** Pages needed for `total` rows; at least one, so an empty list still reads "page 1 of 1". */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The 1-based rows a page shows: page 2 of 45 rows at 20 a page → 21–40. */
export function pageRange(page: number, pageSize: number, total: number): { first: number; last: number } {
  if (total <= 0) return { first: 0, last: 0 };
  const first = Math.min((page - 1) * pageSize + 1, total);
  return { first, last: Math.min(page * pageSize, total) };
}

/** One step of an order's timeline as staff read it: "Refunded $21.60 (Two arrived broken)". */
export function timelineText(entry: OrderTimelineEntry, carrierLabel: (carrier: string) => string): string {
  switch (entry.kind) {
    case 'placed':
      return 'Order placed';
    case 'paid':
      return `Paid $${entry.amount}`;
    case 'payment_failed':
      return 'A payment attempt failed';
    case 'fulfilled':
      return `Shipped ${entry.lines.map((l) => `${l.quantity} × ${l.productName}`).join(', ')} with ${carrierLabel(entry.carrier)}${entry.trackingNumber ? ` (${entry.trackingNumber})` : ''}`;
    case 'fulfilment_undone':
      return 'A shipment was undone';
    case 'delivered':
      return 'A shipment was delivered';
    case 'refunded':
      return `Refunded $${entry.amount}${entry.reason ? ` (${entry.reason})` : ''}; $${entry.refundedTotal} refunded in all`;
    case 'refund_failed':
      return `A refund of $${entry.amount} failed: ${entry.message}`;
    case 'cancelled':
      return `Cancelled${entry.reason ? ` (${entry.reason})` : ''}`;
    case 'note':
      return `Note by ${entry.author}: ${entry.text}`;
  }
}
