import { formatPrice, toCents } from '@/lib/format-price';
import type { Totals } from './orders';

/** Spec §9: shipping is free when the subtotal is over this many dollars (the server decides; this only explains). */
export const FREE_SHIPPING_OVER = 50;

/** "FREE" when the server charged no shipping, else the amount ("$9.99"). */
export function shippingLabel(shipping: string): string {
  return toCents(shipping) === 0 ? 'FREE' : formatPrice(shipping);
}

/**
 * The line under the shipping row: a note when free shipping is earned, otherwise the smallest amount that
 * earns it (the subtotal must be over the threshold, so $40.00 needs $10.01 more).
 */
export function freeShippingNote(totals: Pick<Totals, 'subtotal' | 'shipping'>): { earned: boolean; text: string } {
  if (toCents(totals.shipping) === 0) return { earned: true, text: "You've earned free shipping!" };
  const missing = FREE_SHIPPING_OVER * 100 - toCents(totals.subtotal) + 1;
  return {
    earned: false,
    text: `Add ${formatPrice(Math.max(missing, 1) / 100)} more to get free shipping on orders over ${formatPrice(FREE_SHIPPING_OVER)}.`,
  };
}

/** "Complete Purchase $63.18", or "Processing..." while the order and payment go through. */
export function purchaseButtonLabel(total: string | undefined, processing: boolean): string {
  if (processing) return 'Processing...';
  return total === undefined ? 'Complete Purchase' : `Complete Purchase ${formatPrice(total)}`;
}
