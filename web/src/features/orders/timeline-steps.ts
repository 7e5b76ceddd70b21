import { CARRIER_LABELS } from '@km/contracts/vocabulary';
import type { BuyerTimelineEntry } from '@km/contracts';

/** One step of the order's timeline as the status page shows it. */
export interface TimelineStep {
  title: string;
  /** A sentence under the title, when the step has details. */
  detail?: string;
  /** The carrier's tracking page of a shipment. */
  tracking?: { href: string; label: string };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Only an http(s) address becomes a link (the carrier's tracking page); anything else is shown as text. */
function safeHref(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** What a buyer reads for each kind of step (placed, paid, shipped with carrier and tracking, delivered, refunded, cancelled). */
export function timelineStep(entry: BuyerTimelineEntry): TimelineStep {
  switch (entry.kind) {
    case 'placed':
      return { title: 'Order placed' };
    case 'paid':
      return { title: 'Payment received', detail: `$${entry.amount} charged to your card.` };
    case 'payment_failed':
      return { title: 'Payment failed', detail: 'The payment did not go through, so nothing was charged.' };
    case 'fulfilled': {
      const items = entry.lines.reduce((sum, line) => sum + line.quantity, 0);
      const what = entry.lines.map((line) => `${line.quantity} × ${line.productName}`).join(', ');
      const href = safeHref(entry.trackingUrl);
      // The step keeps the carrier's code ('ups'); older rows or "other" may hold a name.
      const carrier = (CARRIER_LABELS as Record<string, string>)[entry.carrier] ?? entry.carrier;
      return {
        title: 'Shipped',
        detail: [`${plural(items, 'item')} by ${carrier}${what ? `: ${what}` : ''}.`, entry.trackingNumber ? `Tracking number ${entry.trackingNumber}.` : '']
          .filter(Boolean)
          .join(' '),
        ...(href ? { tracking: { href, label: `Track the ${carrier} shipment` } } : {}),
      };
    }
    case 'fulfilment_undone':
      return { title: 'Shipment corrected', detail: 'A shipment recorded by mistake was taken back; we will update you when it ships.' };
    case 'delivered':
      return { title: 'Delivered' };
    case 'refunded':
      return {
        title: `Refunded $${entry.amount}`,
        detail: [`$${entry.refundedTotal} refunded to your card in all.`, entry.reason ? `Reason: ${entry.reason}.` : ''].filter(Boolean).join(' '),
      };
    case 'refund_failed':
      return { title: 'Refund delayed', detail: `A refund of $${entry.amount} did not go through yet; our team is on it.` };
    case 'cancelled':
      return { title: 'Order cancelled', ...(entry.reason ? { detail: `Reason: ${entry.reason}.` } : {}) };
  }
}
