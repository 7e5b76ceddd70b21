import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogPath, type CatalogItem, type CatalogKind } from '../catalog';

/** One item by its slug (or id); the API answers 404 when the kind has none. */
export async function getCatalogItem(kind: CatalogKind, slug: string): Promise<CatalogItem> {
  const res = await apiRequest('GET', `${catalogPath(kind)}/${encodeURIComponent(slug)}`);
  return (await res.json()) as CatalogItem;
}

export const catalogItemQueryOptions = (kind: CatalogKind, slug: string) =>
  queryOptions({ queryKey: [catalogPath(kind), slug], queryFn: () => getCatalogItem(kind, slug) });
