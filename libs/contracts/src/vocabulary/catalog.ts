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

/**
 * How wide an item's picture is on its detail (the dialog and the item's page): the web's `sizes` and the gateway's
 * image preload for an item's page must say the same, or the browser fetches a second copy.
 */
export const ITEM_DETAIL_IMAGE_SIZES = '(min-width: 768px) 384px, calc(100vw - 2rem)';

/** The narrowest copy at least `width` wide (else the widest), for places without `srcset` such as a video's poster. */
export function renditionFor(renditions: readonly { url: string; width: number }[] | undefined, width: number, original: string): string {
  if (!renditions || renditions.length === 0) return original;
  return (renditions.find((r) => r.width >= width) ?? renditions[renditions.length - 1]).url;
}

/**
 * How wide an episode's video poster is drawn at most, in device pixels (a card or its page), and how wide its audio
 * artwork is: the player and the gateway's image preload of an episode's page must pick the same copy.
 */
export const EPISODE_POSTER_WIDTH = 640;
export const EPISODE_ART_SIZES = '224px';

/** `url 320w, url 640w` for `srcset` (and a preload's `imagesrcset`); undefined for a picture without renditions. */
export function srcSetOf(renditions: readonly { url: string; width: number }[] | undefined): string | undefined {
  return renditions && renditions.length > 0 ? renditions.map((r) => `${r.url} ${r.width}w`).join(', ') : undefined;
}
