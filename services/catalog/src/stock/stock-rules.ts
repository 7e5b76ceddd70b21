import type { CatalogItem } from '@km/contracts';

/** The store says "Only N left" at this many or fewer (ADR 0032); set once at start from the catalog's config. */
let lowStockThreshold = 5;

export function setLowStockThreshold(threshold: number) {
  lowStockThreshold = threshold;
}

export const getLowStockThreshold = () => lowStockThreshold;

/**
 * What the API says of a product's stock (ADR 0032): a tracked product is in stock while it has a unit available; an
 * untracked one keeps the form's flag (spec §3's `inStock`, "Available" for services).
 */
export function stockView(stockQuantity: number | null, flag: boolean): Pick<CatalogItem, 'inStock' | 'stockQuantity' | 'lowStock'> {
  if (stockQuantity === null) return { inStock: flag, stockQuantity: null, lowStock: false };
  return { inStock: stockQuantity > 0, stockQuantity, lowStock: stockQuantity > 0 && stockQuantity <= lowStockThreshold };
}

/** Whether stock came back from none (the "Email me when it's back" moment). */
export const comesBack = (before: number | null, after: number | null) => before === 0 && after !== null && after > 0;

/**
 * What an admin's save does to a tracked count (ADR 0032): with the quantity the form showed, only the admin's change
 * is applied, so units sold while the form was open are not counted again; without it the count is set as given.
 * Null: the count to set (stop or start tracking); a number: the change to apply.
 */
export function manualChange(
  current: number | null,
  wanted: number | null | undefined,
  shown: number | undefined,
): { set: number | null } | { delta: number } | null {
  if (wanted === undefined) return null;
  if (wanted === null || current === null) return current === wanted ? null : { set: wanted };
  if (shown === undefined) return wanted === current ? null : { set: wanted };
  return wanted === shown ? null : { delta: wanted - shown };
}

/** A tracked product that cannot give a cart what it asks. */
export interface Shortfall {
  name: string;
  asked: number;
  available: number;
}

/**
 * The refusal a buyer reads before paying when another buyer took the units first (ADR 0032): it names each product
 * and says how many are left, and what to do.
 */
export function outOfStockMessage(shortfalls: Shortfall[]): string {
  const sentences = shortfalls.map(({ name, asked, available }) =>
    available <= 0 ? `"${name}" just sold out.` : `Only ${available} of "${name}" ${available === 1 ? 'is' : 'are'} left and your cart has ${asked}.`,
  );
  const soldOut = shortfalls.every((s) => s.available <= 0);
  const fix = soldOut ? `Remove ${shortfalls.length > 1 ? 'them' : 'it'} from your cart to continue.` : 'Change your cart to continue.';
  return `${sentences.join(' ')} ${fix} You have not been charged.`;
}
