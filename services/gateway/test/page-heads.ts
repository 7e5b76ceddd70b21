// Shared by the tests of the HTML heads the gateway writes (ADRs 0044, 0045, 0069): a web build holding only
// index.html, the site's origin, and the head read back as a crawler reads it.
import { XMLParser } from 'fast-xml-parser';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** index.html's head as the web build leaves it (web/index.html): the gateway replaces the title and description. */
export const INDEX =
  '<!doctype html><html lang="en"><head><meta name="description" content="Kingdom Marketplace: a marketplace." />' +
  '<title>Kingdom Marketplace</title></head><body><div id="root"></div></body></html>';
/** PUBLIC_ORIGIN in the harness. */
export const ORIGIN = 'http://localhost:3999';

/** Sitemaps as XML: `url` and `sitemap` always lists. */
export const sitemapParser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'sitemap' });

/** A web build folder with {@link INDEX} as its only page, for WEB_DIST_DIR; `remove` deletes it. */
export function webDistWithIndex(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'km-web-dist-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The page's head as a crawler reads it: title, meta by name or property, canonical, JSON-LD. */
export function headOf(html: string) {
  const meta = Object.fromEntries([...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)].map((m) => [m[1], m[2]]));
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    meta,
    canonical: /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1],
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, any>),
  };
}
