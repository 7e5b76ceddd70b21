/** Money is handled in whole cents (integers) and leaves as two-decimal strings (ARCHITECTURE §3). */

/** Spec §9: tax is 8 % of the subtotal. */
export const TAX_PERCENT = 8;
/** Spec §9: shipping is free when the subtotal is over 50.00 … */
export const FREE_SHIPPING_OVER_CENTS = 50_00;
/** … and 9.99 otherwise. */
export const SHIPPING_CENTS = 9_99;
/** The most Stripe takes in one USD payment (999,999.99). */
export const MAX_CHARGE_CENTS = 99_999_999;

const AMOUNT = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** "19.99" → 1999, "5" → 500, "5.5" → 550. Throws on anything that is not a non-negative amount with ≤ 2 decimals. */
export function toCents(amount: string): number {
  const match = AMOUNT.exec(amount);
  if (!match) throw new Error(`not an amount: ${JSON.stringify(amount)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1999 → "19.99". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not a whole number of cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** 8 % of the subtotal, rounded half up to the cent, without floating point: (subtotal·8 + 50) div 100. */
export const taxOn = (subtotalCents: number) => Math.floor((subtotalCents * TAX_PERCENT + 50) / 100);

export const shippingFor = (subtotalCents: number) => (subtotalCents > FREE_SHIPPING_OVER_CENTS ? 0 : SHIPPING_CENTS);

/** `percent` % of the subtotal, rounded half up to the cent, without floating point. */
export const discountOn = (subtotalCents: number, percent: number) => Math.floor((subtotalCents * percent + 50) / 100);

export interface CartTotalsCents {
  lineTotals: number[];
  subtotal: number;
  /** The member discount (0 for everyone else). */
  discount: number;
  tax: number;
  shipping: number;
  total: number;
}

/**
 * Spec §9's totals for lines of (unit price, quantity), all in cents. A member's discount comes off the subtotal
 * first; tax and the free-shipping threshold then apply to what the member pays for the goods (ADR 0016).
 */
export function cartTotals(lines: { unitCents: number; quantity: number }[], discountPercent = 0): CartTotalsCents {
  const lineTotals = lines.map((l) => l.unitCents * l.quantity);
  const subtotal = lineTotals.reduce((a, b) => a + b, 0);
  const discount = discountOn(subtotal, discountPercent);
  const goods = subtotal - discount;
  const tax = taxOn(goods);
  const shipping = shippingFor(goods);
  return { lineTotals, subtotal, discount, tax, shipping, total: goods + tax + shipping };
}
