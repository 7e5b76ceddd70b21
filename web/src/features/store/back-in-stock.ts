import type { CatalogItem } from './catalog';

/** A tracked product with nothing left: the only kind "Email me when it's back" is offered for (ADR 0050). */
export const offersBackInStock = (item: Pick<CatalogItem, 'kind' | 'stockQuantity'>) => item.kind === 'product' && item.stockQuantity === 0;

/** What is wrong with a typed address before it is sent, in the words the server would use; null when it may go. */
export function backInStockEmailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return 'Enter your email address.';
  if (trimmed.length > 254) return 'That email address is too long.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return 'Enter an email address like name@example.com.';
  return null;
}
