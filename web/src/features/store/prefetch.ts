import type { QueryClient } from '@tanstack/react-query';
import { catalogPageQueryOptions } from './api/get-catalog-page';
import { STORE_PAGE_SIZE } from './catalog';
import { parseStoreParams, toCatalogListQuery } from './store-query';

/**
 * Starts fetching the store page a URL shows, under the key the page will read, so the request runs while the
 * page's code is still downloading instead of after it (ADR 0024: one round trip less before /products' first
 * picture). A page already in the cache is not asked for again.
 */
export function prefetchStorePage(queryClient: QueryClient, url: URL): void {
  const state = parseStoreParams(url.searchParams);
  void queryClient.prefetchQuery(catalogPageQueryOptions(state.kind, toCatalogListQuery(state, STORE_PAGE_SIZE)));
}
