import { formatPrice, toCents } from '@/lib/format-price';
import { MEMBER_DISCOUNT_PERCENT } from '@km/contracts/vocabulary';
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
export function freeShippingNote(totals: Pick<Totals, 'subtotal' | 'shipping' | 'memberDiscount'>): { earned: boolean; text: string } {
  if (toCents(totals.shipping) === 0) return { earned: true, text: "You've earned free shipping!" };
  // A member's threshold is on the discounted subtotal (ADR 0016): each list-price dollar added counts 95 cents.
  const subtotal = toCents(totals.subtotal);
  const percent = totals.memberDiscount ? MEMBER_DISCOUNT_PERCENT : 0;
  // The server's rounding: the discount is `percent` % of the subtotal, half up to the cent.
  const earns = (extra: number) => subtotal + extra - Math.floor(((subtotal + extra) * percent + 50) / 100) > FREE_SHIPPING_OVER * 100;
  let missing = Math.max(Math.ceil(((FREE_SHIPPING_OVER * 100 - subtotal + 1) * 100) / (100 - percent)), 1);
  while (missing > 1 && earns(missing - 1)) missing--;
  while (!earns(missing)) missing++;
  return {
    earned: false,
    text: `Add ${formatPrice(missing / 100)} more to get free shipping on orders over ${formatPrice(FREE_SHIPPING_OVER)}.`,
  };
}

/** The summary line of an active member's discount, e.g. "-$2.60" beside "Member discount (5%)". */
export const MEMBER_DISCOUNT_LABEL = `Member discount (${MEMBER_DISCOUNT_PERCENT}%)`;
export const memberDiscountValue = (memberDiscount: string) => `-${formatPrice(memberDiscount)}`;

/** "Complete Purchase $63.18", or "Processing..." while the order and payment go through. */
export function purchaseButtonLabel(total: string | undefined, processing: boolean): string {
  if (processing) return 'Processing...';
  return total === undefined ? 'Complete Purchase' : `Complete Purchase ${formatPrice(total)}`;
}
