/** Products and services share one shape (spec §3); `kind` tells them apart. */
export type CatalogKind = 'product' | 'service';

export interface CatalogItem {
  id: string;
  kind: CatalogKind;
  name: string;
  /** Two-decimal string, e.g. "19.99". */
  price: string;
  description: string;
  category: string;
  tags: string[];
  /** `/media/catalog/…`, or null when the item has no image. */
  imageUrl: string | null;
  inStock: boolean;
  featured: boolean;
  createdAt: string;
  updatedAt?: string;
}

export interface CatalogPage {
  items: CatalogItem[];
  total: number;
  page: number;
  pageSize: number;
}

// Mirrors @km/contracts (a Node-side CommonJS package the browser bundle does not pull in).
export const PRODUCT_CATEGORIES = ['Books', 'Jewelry', 'Apparel', 'Home Decor', 'Gifts'] as const;
export const SERVICE_CATEGORIES = [
  'Consulting',
  'Design',
  'Marketing',
  'Writing',
  'Web Development',
  'Ministry',
] as const;

export const categoriesFor = (kind: CatalogKind): readonly string[] =>
  kind === 'product' ? PRODUCT_CATEGORIES : SERVICE_CATEGORIES;

/** Spec §9. */
export const STORE_PAGE_SIZE = 12;

export const KIND_LABELS: Record<CatalogKind, { one: string; many: string }> = {
  product: { one: 'Product', many: 'Products' },
  service: { one: 'Service', many: 'Services' },
};

export const catalogPath = (kind: CatalogKind) => (kind === 'product' ? '/api/products' : '/api/services');

/** Services show inStock as availability (spec §2). */
export function stockLabel(item: Pick<CatalogItem, 'kind' | 'inStock'>): string {
  if (item.kind === 'service') return item.inStock ? 'Available' : 'Unavailable';
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
