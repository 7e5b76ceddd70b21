import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { CatalogItem } from '../catalog';

/** The newest featured product; the API answers 404 when there is none. */
export async function getFeaturedProduct(): Promise<CatalogItem> {
  const res = await apiRequest('GET', '/api/products/featured');
  return (await res.json()) as CatalogItem;
}

export const featuredProductQueryOptions = () => queryOptions({ queryKey: ['/api/products', 'featured'], queryFn: getFeaturedProduct });

export const useFeaturedProduct = () => useQuery(featuredProductQueryOptions());
