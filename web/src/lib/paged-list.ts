import { infiniteQueryOptions } from '@tanstack/react-query';
import { throwIfResNotOk } from './api-client';

/** One page of a list the gateway pages with `?page=&pageSize=`, answering the rows and the whole count in X-Total-Count. */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export async function getPage<T>(path: string, page: number, pageSize: number, signal?: AbortSignal): Promise<Page<T>> {
  const res = await fetch(`${path}?page=${page}&pageSize=${pageSize}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  const items = (await res.json()) as T[];
  const header = res.headers.get('X-Total-Count');
  return { items, page, pageSize, total: header === null ? items.length : Number(header) };
}

/** The page after `last`, or undefined once every row is fetched (or a page comes back empty). */
export const nextPageParam = (last: Page<unknown>): number | undefined =>
  last.items.length > 0 && last.page * last.pageSize < last.total ? last.page + 1 : undefined;

/** Every row fetched so far, in order. */
export const rowsOf = <T>(pages: readonly Page<T>[] | undefined): T[] => pages?.flatMap((p) => p.items) ?? [];

/** A list read a page at a time ("Load more"); the path stays the key's first part so invalidating it refreshes every page. */
export const pagedListQueryOptions = <T>(path: string, fetchPage: (page: number, signal: AbortSignal) => Promise<Page<T>>) =>
  infiniteQueryOptions({
    queryKey: [path, 'pages'] as const,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
