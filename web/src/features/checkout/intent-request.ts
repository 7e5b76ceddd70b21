import { toCents } from '@/lib/format-price';
import type { PaymentIntentRequest } from './orders';

/** What checkout needs of a cart line; structurally the cart's item, without importing the cart feature. */
export interface CheckoutCartItem {
  productId: string;
  name: string;
  /** Decimal string, as the catalog sent it when the item was added. */
  price: string;
  quantity: number;
}

/** What the payment intent depends on: the cart's total, item count and lines (product and quantity). */
export interface CartSignature {
  totalCents: number;
  itemCount: number;
  /** "productId×quantity" per line, sorted, so the order lines were added in does not matter. */
  lines: string;
}

export function cartSignature(items: readonly CheckoutCartItem[]): CartSignature {
  return {
    totalCents: items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    lines: items
      .map((item) => `${item.productId}×${item.quantity}`)
      .sort()
      .join(','),
  };
}

/**
 * Spec §4: a payment intent is requested again whenever the cart's total or item count changes. Swapping one
 * product for another of the same price changes neither, yet the server would price different lines, so the
 * lines count too. An empty cart asks for nothing.
 */
export function shouldRequestIntent(previous: CartSignature | null, next: CartSignature): boolean {
  if (next.itemCount === 0) return false;
  if (previous === null) return true;
  return previous.totalCents !== next.totalCents || previous.itemCount !== next.itemCount || previous.lines !== next.lines;
}

/** The body of POST /api/create-payment-intent; `amount` is spec §7's client total, which the server ignores. */
export function toIntentRequest(checkoutId: string, items: readonly CheckoutCartItem[]): PaymentIntentRequest {
  return {
    checkoutId,
    items: items.map(({ productId, quantity }) => ({ productId, quantity })),
    amount: cartSignature(items).totalCents / 100,
  };
}

/** A UUID made once per checkout visit; falls back to getRandomValues where randomUUID is missing (plain http). */
export function newCheckoutId(crypto: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = globalThis.crypto): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
