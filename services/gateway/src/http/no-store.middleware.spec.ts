import assert from 'node:assert/strict';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noStoreHook } from './no-store.middleware';

/** The Cache-Control the middleware sets for a request to `/api` + path (undefined when it sets none). */
function cacheControl(method: string, path: string): string | undefined {
  const headers: Record<string, string> = {};
  const reply = { raw: { setHeader: (name: string, value: string) => (headers[name] = value) } } as unknown as FastifyReply;
  let nextCalled = false;
  noStoreHook()({ method, url: `/api${path}` } as FastifyRequest, reply, () => (nextCalled = true));
  assert.ok(nextCalled);
  return headers['Cache-Control'];
}

test('API responses are no-store by default: me, orders, admin inbox lists, members, writes', () => {
  for (const [method, path] of [
    ['GET', '/auth/me'],
    ['GET', '/orders/KM-ABCD1234'],
    ['GET', '/contact-messages'],
    ['GET', '/members/me'],
    ['POST', '/products'],
    ['PUT', '/products/3f2b'],
    ['GET', '/products/3f2b/anything-deeper'],
    ['GET', '/prayer-team/moderation'],
    ['GET', '/prayer-requests/mine'],
    ['POST', '/prayer-wall/3f2b/prayed'],
  ]) {
    assert.equal(cacheControl(method, path), 'no-store', `${method} ${path}`);
  }
});

test('the prayer wall and its praise section are left to set their own revalidated caching', () => {
  for (const path of ['/prayer-wall', '/prayer-wall/', '/prayer-wall/praise']) assert.equal(cacheControl('GET', path), undefined, path);
});

test('public catalog reads (product and service lists and items) are left cacheable', () => {
  for (const path of ['/products', '/products/', '/products/featured', '/products/3f2b', '/services', '/services/9a1c']) {
    assert.equal(cacheControl('GET', path), undefined, path);
  }
});
