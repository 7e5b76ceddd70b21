import type { CatalogItem, ItemKind } from '@km/contracts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import assert from 'node:assert/strict';
import { renderRobots, renderSitemapIndex, renderUrlSet, SITEMAP_MAX_URLS, sitemapFiles } from './sitemap';

const ORIGIN = 'https://shop.example';
const item = (kind: ItemKind, n: number): CatalogItem =>
  ({ kind, slug: `item-${n}`, updatedAt: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString() }) as CatalogItem;
const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'sitemap' });

describe('the sitemap', () => {
  test('lists the indexable pages, every item by its slug and every episode page, in files of at most 50,000 URLs, with lastmod', () => {
    const products = Array.from({ length: SITEMAP_MAX_URLS + 2 }, (_, n) => item('product', n));
    const services = [item('service', 7)];
    const episodes = [{ episodeNumber: 3, title: 'Grace at Work!', updatedAt: '2026-02-03T00:00:00.000Z' }];
    const files = sitemapFiles(ORIGIN, (kind) => (kind === 'product' ? products : services), episodes);
    assert.deepEqual(
      files.map((f) => [f.name, f.urls.length]),
      [
        ['pages.xml', 10],
        ['products-1.xml', 50_000],
        ['products-2.xml', 2],
        ['services-1.xml', 1],
        ['episodes-1.xml', 1],
      ],
    );
    assert.deepEqual(files[4].urls, [{ loc: `${ORIGIN}/podcast/3-grace-at-work`, lastmod: '2026-02-03T00:00:00.000Z' }]);
    const pages = files[0].urls.map((u) => u.loc);
    assert.ok(pages.includes(`${ORIGIN}/`) && pages.includes(`${ORIGIN}/products`));
    assert.ok(!pages.some((u) => /admin|checkout|member-dashboard|booking|verify-email/.test(u)), pages.join());
    assert.deepEqual(files[3].urls, [{ loc: `${ORIGIN}/services/item-7`, lastmod: services[0].updatedAt }]);

    const index = renderSitemapIndex(ORIGIN, files);
    assert.equal(XMLValidator.validate(index), true);
    const parsed = parser.parse(index).sitemapindex;
    assert.equal(parsed['@_xmlns'], 'http://www.sitemaps.org/schemas/sitemap/0.9');
    assert.deepEqual(
      parsed.sitemap.map((s: { loc: string; lastmod?: string }) => [s.loc, s.lastmod]),
      [
        [`${ORIGIN}/sitemaps/pages.xml`, undefined],
        [`${ORIGIN}/sitemaps/products-1.xml`, products[SITEMAP_MAX_URLS - 1].updatedAt],
        [`${ORIGIN}/sitemaps/products-2.xml`, products[SITEMAP_MAX_URLS + 1].updatedAt],
        [`${ORIGIN}/sitemaps/services-1.xml`, services[0].updatedAt],
        [`${ORIGIN}/sitemaps/episodes-1.xml`, '2026-02-03T00:00:00.000Z'],
      ],
    );
    const set = parser.parse(renderUrlSet(files[3])).urlset;
    assert.deepEqual(set.url, [{ loc: `${ORIGIN}/services/item-7`, lastmod: services[0].updatedAt }]);
  });

  test('escapes what XML must escape in an address', () => {
    const xml = renderUrlSet({ name: 'x.xml', urls: [{ loc: `${ORIGIN}/products?a=1&b=<2>` }] });
    assert.equal(XMLValidator.validate(xml), true);
    assert.ok(xml.includes('&amp;b=&lt;2&gt;'));
  });
});

describe('robots.txt', () => {
  test('lets crawlers read the site but the private pages, and names the sitemap', () => {
    assert.equal(
      renderRobots(ORIGIN),
      [
        'User-agent: *',
        'Disallow: /prayer/mine',
        'Disallow: /booking',
        'Disallow: /checkout',
        'Disallow: /member-dashboard',
        'Disallow: /verify-email',
        'Disallow: /staff-invitation',
        'Disallow: /orders',
        'Disallow: /admin',
        '',
        'Sitemap: https://shop.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});
