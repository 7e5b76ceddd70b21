import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api-client';
import type { CatalogPage, StockMovementsPage } from '@km/contracts';

export const STOCK_MOVEMENTS_PAGE_SIZE = 20;
const movementsPath = (productId: string) => `/api/products/${encodeURIComponent(productId)}/stock-movements`;

/** Admin only: a product's stock movements, newest first (ADR 0032). */
export async function getStockMovements(productId: string, page: number, signal?: AbortSignal): Promise<StockMovementsPage> {
  const res = await fetch(`${movementsPath(productId)}?page=${page}&pageSize=${STOCK_MOVEMENTS_PAGE_SIZE}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as StockMovementsPage;
}

export const stockMovementsQueryOptions = (productId: string, page: number) =>
  queryOptions({
    queryKey: [movementsPath(productId), page] as const,
    queryFn: ({ signal }) => getStockMovements(productId, page, signal),
  });

export const useStockMovements = (productId: string | null, page: number) =>
  useQuery({
    ...stockMovementsQueryOptions(productId ?? '', page),
    enabled: productId !== null,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

/** The products to pick from, by name; `q` narrows them (the store's own paged list). */
export async function getStockProducts(q: string, signal?: AbortSignal): Promise<CatalogPage> {
  const params = new URLSearchParams({ sort: 'name', pageSize: '100' });
  if (q.trim()) params.set('q', q.trim());
  const res = await fetch(`/api/products?${params.toString()}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as CatalogPage;
}

export const stockProductsQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['/api/products', 'stock', q] as const, queryFn: ({ signal }) => getStockProducts(q, signal) });

export const useStockProducts = (q: string, { enabled }: { enabled: boolean }) =>
  useQuery({ ...stockProductsQueryOptions(q), enabled, refetchOnMount: 'always', placeholderData: keepPreviousData });
