/**
 * Prices travel as decimal strings ("19.99"). Spec §2 shows them as a dollar sign plus the price with two
 * decimals; anything unreadable shows as $0.00 rather than "$NaN".
 */
export function formatPrice(value: string | number): string {
  const amount = typeof value === 'number' ? value : Number.parseFloat(value);
  return `$${(Number.isFinite(amount) ? amount : 0).toFixed(2)}`;
}

/** Whole cents, so sums of prices do not pick up floating-point noise (0.1 + 0.2). */
export function toCents(value: string | number): number {
  const amount = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(amount) ? Math.round(amount * 100) : 0;
}
