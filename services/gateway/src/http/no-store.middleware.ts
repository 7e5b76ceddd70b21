import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isApiPath, requestPath } from './request-path';

// Public catalog reads (same answer for everyone, no personal data) are the only API responses a cache may keep; the
// prayer wall's pages and the podcast search too, which answer with no-cache and an ETag of their own (ADR 0042, 0053).
const PUBLIC_CATALOG_READ = /^\/api\/((products|services)(\/[^/]+)?|prayer-wall(\/praise)?|podcast-episodes\/search)\/?$/;

/**
 * Every API response is `Cache-Control: no-store` unless it is a public catalog read, so personal data (me, orders,
 * admin lists, members) never sits in a browser or proxy cache. One default here rather than a header per route, so
 * a new route is private until someone decides otherwise. Set on the raw response, so answers written past fastify's
 * reply (file downloads, CSV) carry it too.
 */
export function noStoreHook() {
  return (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const path = requestPath(req);
    if (isApiPath(path)) {
      const publicRead = (req.method === 'GET' || req.method === 'HEAD') && PUBLIC_CATALOG_READ.test(path);
      if (!publicRead) reply.raw.setHeader('Cache-Control', 'no-store');
    }
    done();
  };
}
