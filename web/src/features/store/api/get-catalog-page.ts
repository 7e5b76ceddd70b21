import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api-client';
import { catalogPath, type CatalogKind, type CatalogPage } from '../catalog';
import { toQueryString, type CatalogListQuery } from '../store-query';

export async function getCatalogPage(kind: CatalogKind, query: CatalogListQuery, signal?: AbortSignal): Promise<CatalogPage> {
  const res = await fetch(`${catalogPath(kind)}?${toQueryString(query)}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as CatalogPage;
}

/** Keyed under the collection's path, so invalidating `[catalogPath(kind)]` refreshes every page of it. */
export const catalogPageQueryOptions = (kind: CatalogKind, query: CatalogListQuery) =>
  queryOptions({
    queryKey: [catalogPath(kind), query] as const,
    queryFn: ({ signal }) => getCatalogPage(kind, query, signal),
  });

export const useCatalogPage = (kind: CatalogKind, query: CatalogListQuery) =>
  useQuery({
    ...catalogPageQueryOptions(kind, query),
    // Paging, filtering and sorting keep the current cards on screen until the next ones arrive; switching
    // between products and services does not, since the old cards would be of the wrong kind.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[0] === catalogPath(kind) ? keepPreviousData(previous) : undefined),
  });
