/**
 * The API read a page makes as it arrives, by the path the router gives it, when the address has no query string:
 * the web build adds it to `route-preloads.json` and the gateway announces it in that page's HTML as
 * `<link rel="preload" as="fetch">`, so the answer downloads beside the entry script instead of after it has run
 * (on /products the first card's picture, the page's largest paint, waits for it). Read by vite.config.ts, so it
 * imports nothing; route-data.spec.ts checks each address is the one the page asks for.
 */
export const ROUTE_DATA: Record<string, string> = {
  '/products': '/api/products?sort=featured&page=1&pageSize=12',
};
