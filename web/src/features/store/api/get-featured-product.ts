import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface Product {
  id: string;
  name: string;
  /** Decimal string, e.g. "24.99". */
  price: string;
  description: string;
  category: string;
  tags: string[];
  imageUrl: string | null;
  inStock: boolean;
  featured: boolean;
  createdAt: string;
}

export async function getFeaturedProduct(): Promise<Product> {
  const res = await apiRequest('GET', '/api/products/featured');
  return (await res.json()) as Product;
}

export const featuredProductQueryOptions = () =>
  queryOptions({ queryKey: ['/api/products', 'featured'], queryFn: getFeaturedProduct });

export const useFeaturedProduct = () => useQuery(featuredProductQueryOptions());
