import type { NextFunction, Request, Response } from 'express';

// Public catalog reads (same answer for everyone, no personal data) are the only API responses a cache may keep.
const PUBLIC_CATALOG_READ = /^\/(products|services)(\/[^/]+)?\/?$/;

/**
 * Mounted on `/api`: every API response is `Cache-Control: no-store` unless it is a public catalog read, so
 * personal data (me, orders, admin lists, members) never sits in a browser or proxy cache. One default here
 * rather than a header per route, so a new route is private until someone decides otherwise.
 */
export function noStoreMiddleware() {
  return (req: Request, res: Response, next: NextFunction) => {
    const publicRead = (req.method === 'GET' || req.method === 'HEAD') && PUBLIC_CATALOG_READ.test(req.path);
    if (!publicRead) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
