import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api-client';
import { BOOK_CATEGORY } from '../book-product';

export const PRODUCTS_PATH = '/api/products';
export const FEATURED_BOOKS_COUNT = 4;

/** What this page shows of a product; the catalog sends more. */
export interface BookProduct {
  id: string;
  name: string;
  price: string;
  description: string;
  imageUrl: string | null;
  featured: boolean;
}

interface ProductPage {
  items: BookProduct[];
  total: number;
}

/** The Books category, featured titles first, then the newest. */
export async function getFeaturedBooks(signal?: AbortSignal): Promise<ProductPage> {
  const query = new URLSearchParams({ category: BOOK_CATEGORY, sort: 'featured', pageSize: String(FEATURED_BOOKS_COUNT) });
  const res = await fetch(`${PRODUCTS_PATH}?${query}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as ProductPage;
}

export const featuredBooksQueryOptions = () =>
  queryOptions({
    queryKey: [PRODUCTS_PATH, 'featured-books'] as const,
    queryFn: ({ signal }) => getFeaturedBooks(signal),
  });

export const useFeaturedBooks = ({ enabled = true } = {}) => useQuery({ ...featuredBooksQueryOptions(), enabled });
