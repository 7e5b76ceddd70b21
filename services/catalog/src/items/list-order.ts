import type { ListQuery } from '@km/contracts';

type Sort = NonNullable<ListQuery['sort']>;
/**
 * ORDER BY for each sort of the store (spec §2), always ending in the id so that equal keys keep one fixed order
 * and paging never repeats or skips an item. Each matches an index of the catalog_items migration.
 */
export const ORDER_BY: Record<Sort, string> = {
  featured: 'featured DESC, created_at DESC, id DESC',
  newest: 'created_at DESC, id DESC',
  'price-asc': 'price ASC, id ASC',
  'price-desc': 'price DESC, id DESC',
  name: 'lower(name) ASC, id ASC',
};

/** Escapes LIKE's wildcards so a search for "50%" finds "50%" literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
