/**
 * The API read a page makes as it arrives, by its address (a path the router gives a lazily loaded page, with the
 * query string when there is one): the web build adds it to `route-preloads.json` and the gateway announces it in
 * the HTML it serves for exactly that address as `<link rel="preload" as="fetch">`, so the answer downloads beside
 * the entry script instead of after it has run (on the store the first card's picture, the page's largest paint,
 * waits for it). Read by vite.config.ts, so it imports nothing; route-data.spec.ts checks each address is the one
 * the page asks for.
 */
export const ROUTE_DATA: Record<string, string> = {
  '/products': '/api/products?sort=featured&page=1&pageSize=12',
  '/products?kind=service': '/api/services?sort=featured&page=1&pageSize=12',
};
