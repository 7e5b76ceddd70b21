// The API's shapes come from the shared contracts (types only: nothing of it reaches the bundle).
import type { CatalogItem, CatalogPage, ItemKind } from '@km/contracts';

export type { CatalogItem, CatalogPage };
/** Products and services share one shape (spec §3); `kind` tells them apart. */
export type CatalogKind = ItemKind;

export { categoriesFor, PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from '@km/contracts/vocabulary';

/** Spec §9. */
export const STORE_PAGE_SIZE = 12;

export const KIND_LABELS: Record<CatalogKind, { one: string; many: string }> = {
  product: { one: 'Product', many: 'Products' },
  service: { one: 'Service', many: 'Services' },
};

export const catalogPath = (kind: CatalogKind) => (kind === 'product' ? '/api/products' : '/api/services');

/** The address of an item's own page (the gateway gives it its head, ADR 0044). */
export const itemPagePath = (item: Pick<CatalogItem, 'kind' | 'slug'>) => `${item.kind === 'product' ? '/products' : '/services'}/${item.slug}`;

/** Services show inStock as availability (spec §2); a tracked product under its low-stock threshold says how many are left (ADR 0032). */
export function stockLabel(item: Pick<CatalogItem, 'kind' | 'inStock'> & Partial<Pick<CatalogItem, 'stockQuantity' | 'lowStock'>>): string {
  if (item.kind === 'service') return item.inStock ? 'Available' : 'Unavailable';
  if (item.inStock && item.lowStock && item.stockQuantity) return `Only ${item.stockQuantity} left`;
  return item.inStock ? 'In Stock' : 'Out of Stock';
}

/** Spec §9: images up to 10 MB, JPG, PNG or WEBP. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Why an image cannot be uploaded, or null when it can. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPG, PNG or WEBP image.';
  if (file.size > IMAGE_MAX_BYTES) return 'The image must be 10 MB or smaller.';
  return null;
}
