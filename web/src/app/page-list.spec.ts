import { PAGE_COPY } from '@km/contracts/vocabulary';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

// The gateway gives each address its head from PAGE_COPY and answers 404 for any other (ADR 0044): a route the
// router adds without a line there would be served as not found, and one removed would stay in the sitemap. Item and
// episode pages (ADR 0045) have their heads from the catalog and the podcast; order pages one head for every number,
// and a member's receipt pages one head for every invoice (RECEIPT_PAGE_COPY, ADR 0059).
const ITEM_PAGES = ['/products/:slug', '/services/:slug', '/orders/:orderNumber', '/podcast/:episode', '/member-dashboard/invoices/:invoiceId'];

test("the router's pages are exactly the page list's addresses and the item and episode pages", () => {
  const router = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');
  const paths = [...router.matchAll(/path: '([^']+)'|comingSoon\('([^']+)'/g)].map((m) => m[1] ?? m[2]).filter((p) => p !== '*');
  assert.deepEqual([...paths].sort(), [...Object.keys(PAGE_COPY), ...ITEM_PAGES].sort());
});
