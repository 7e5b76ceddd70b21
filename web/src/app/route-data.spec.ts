import assert from 'node:assert/strict';
import { afterEach, it } from 'node:test';
import { QueryClient } from '@tanstack/react-query';
import { prefetchStorePage } from '@/features/store/prefetch';
import { ROUTE_DATA } from './route-data';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

it("/products' preloaded read is exactly the request the store makes for a plain /products (the browser uses a preload only for the same URL)", async () => {
  const asked: { url: string; credentials: RequestCredentials | undefined }[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    asked.push({ url, credentials: init?.credentials });
    return Response.json({ items: [], total: 0, page: 1, pageSize: 12 });
  }) as typeof fetch;
  const client = new QueryClient();
  prefetchStorePage(client, new URL('http://localhost/products'));
  await client.getQueryCache().find({ queryKey: ['/api/products'] })?.promise;
  // The gateway's link says crossorigin="use-credentials": it matches only a fetch that includes credentials.
  assert.deepEqual(asked, [{ url: ROUTE_DATA['/products'], credentials: 'include' }]);
});
