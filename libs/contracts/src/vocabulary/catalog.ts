import { toOptions } from './options';

export const PRODUCT_CATEGORIES = ['Books', 'Jewelry', 'Apparel', 'Home Decor', 'Gifts'] as const;
export const SERVICE_CATEGORIES = ['Consulting', 'Design', 'Marketing', 'Writing', 'Web Development', 'Ministry'] as const;

export const categoriesFor = (kind: 'product' | 'service'): readonly string[] => (kind === 'product' ? PRODUCT_CATEGORIES : SERVICE_CATEGORIES);

export const CATALOG_SORTS = ['featured', 'price-asc', 'price-desc', 'newest', 'name'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
export const CATALOG_SORT_LABELS: Record<CatalogSort, string> = {
  featured: 'Featured',
  'price-asc': 'Price low to high',
  'price-desc': 'Price high to low',
  newest: 'Newest',
  name: 'Name A-Z',
};
export const CATALOG_SORT_OPTIONS = toOptions(CATALOG_SORTS, CATALOG_SORT_LABELS);
