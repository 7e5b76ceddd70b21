import assert from 'node:assert/strict';
import { afterEach, it } from 'node:test';
import { QueryClient } from '@tanstack/react-query';
import { prefetchStorePage } from '@/features/store/prefetch';
import { ROUTE_DATA } from './route-data';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

for (const [address, read] of Object.entries(ROUTE_DATA)) {
  it(`${address}: the preloaded read is exactly the request the store makes there (a preload serves only the same URL)`, async () => {
    const asked: { url: string; credentials: RequestCredentials | undefined }[] = [];
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      asked.push({ url, credentials: init?.credentials });
      return Response.json({ items: [], total: 0, page: 1, pageSize: 12 });
    }) as typeof fetch;
    const client = new QueryClient();
    prefetchStorePage(client, new URL(address, 'http://localhost'));
    await Promise.all(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.promise),
    );
    // The gateway's link says crossorigin="use-credentials": it matches only a fetch that includes credentials.
    assert.deepEqual(asked, [{ url: read, credentials: 'include' }]);
  });
}
