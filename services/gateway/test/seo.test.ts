import type { CatalogItem } from '@km/contracts';
import { eventually } from '@km/nest-kit/testing';
import { XMLValidator } from 'fast-xml-parser';
import assert from 'node:assert/strict';
import { itemForm, png, pngImage, productFields } from './catalog-fixtures';
import { ADMIN, Client, startHarness, type Harness } from './gateway-harness';
import { ORIGIN, headOf, sitemapParser, webDistWithIndex } from './page-heads';

let h: Harness;
let admin: Client;
let dist: ReturnType<typeof webDistWithIndex>;

beforeAll(async () => {
  dist = webDistWithIndex();
  h = await startHarness({
    catalog: {},
    gateway: { WEB_DIST_DIR: dist.dir, RATE_LIMIT_PER_MINUTE: '100000', SOCIAL_PROFILE_URLS: 'https://www.youtube.com/@kingdom' },
  });
  admin = new Client(h.gateway);
  assert.equal((await admin.post('/api/auth/login', ADMIN)).status, 200);
});
afterAll(async () => {
  await h.stop();
  dist?.remove();
});

const page = (url: string) => fetch(h.baseUrl + url, { headers: { accept: 'text/html' }, redirect: 'manual' });

async function createProduct(overrides: Record<string, string | undefined> = {}): Promise<CatalogItem> {
  const res = await admin.post('/api/products', itemForm(productFields(overrides), png(pngImage(1200, 800), 'wide.png')));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

describe("a product's own page", () => {
  test('has its head from the product: title, description, canonical, Open Graph picture and Product JSON-LD with its Offer', async () => {
    const item = await createProduct({ name: 'Psalms Wall Art', price: '24.50', description: 'A framed print of Psalm 23.', category: 'Home Decor' });
    assert.equal(item.slug, 'psalms-wall-art');
    const res = await page('/products/psalms-wall-art');
    assert.equal(res.status, 200);
    const head = headOf(await res.text());
    assert.equal(head.title, 'Psalms Wall Art | Kingdom Marketplace');
    assert.equal(head.meta.description, 'A framed print of Psalm 23.');
    assert.equal(head.canonical, `${ORIGIN}/products/psalms-wall-art`);
    assert.equal(head.meta['og:type'], 'product');
    assert.equal(head.meta['og:image'], `${ORIGIN}${item.images.at(-1)!.url}`);
    assert.equal(head.meta['og:image:width'], '960');
    assert.equal(head.meta['twitter:card'], 'summary_large_image');
    const image = await fetch(head.meta['og:image']!.replace(ORIGIN, h.baseUrl));
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/webp');
    const product = head.jsonLd.find((d) => d['@type'] === 'Product')!;
    assert.deepEqual(product.offers, {
      '@type': 'Offer',
      url: `${ORIGIN}/products/psalms-wall-art`,
      price: '24.50',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
    });
    assert.deepEqual(
      head.jsonLd.map((d) => d['@type']),
      ['Organization', 'BreadcrumbList', 'Product'],
    );
    assert.deepEqual(head.jsonLd[0].sameAs, ['https://www.youtube.com/@kingdom']);
  });

  test('a rename changes the head within a second; the address (slug) stays, so shared links keep working', async () => {
    const item = await createProduct({ name: 'Shepherd Candle' });
    const put = await admin.put(`/api/products/${item.id}`, itemForm(productFields({ name: 'Good Shepherd Candle', description: 'Soy wax, cedar scent.' })));
    assert.equal(put.status, 200);
    assert.equal(put.body.slug, 'shepherd-candle');
    const started = Date.now();
    await eventually(
      async () => headOf(await (await page('/products/shepherd-candle')).text()).title === 'Good Shepherd Candle | Kingdom Marketplace',
      1000,
      20,
    );
    assert.ok(Date.now() - started < 1000);
    assert.equal(headOf(await (await page('/products/shepherd-candle')).text()).meta.description, 'Soy wax, cedar scent.');
  });

  test('the id address moves permanently (301) to the slug address, keeping the query; an unknown slug is a 404 page', async () => {
    const item = await createProduct({ name: 'Mustard Seed Necklace' });
    const moved = await page(`/products/${item.id}?ref=chat`);
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get('location'), '/products/mustard-seed-necklace?ref=chat');
    const missing = await page('/products/no-such-thing');
    assert.equal(missing.status, 404);
    assert.equal(headOf(await missing.text()).meta.robots, 'noindex');
    assert.equal((await page('/services/mustard-seed-necklace')).status, 404);
  });

  test('two products created at once with the same name get two slugs, and the API answers each by its slug', async () => {
    const [a, b] = await Promise.all([createProduct({ name: 'Twin Candle' }), createProduct({ name: 'Twin Candle' })]);
    assert.deepEqual([a.slug, b.slug].sort(), ['twin-candle', 'twin-candle-2']);
    for (const item of [a, b]) {
      const res = await new Client(h.gateway).get(`/api/products/${item.slug}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.id, item.id);
    }
  });
});

describe('pages and crawlers', () => {
  test('each page has its own title and description; private pages are noindex', async () => {
    const home = headOf(await (await page('/')).text());
    assert.equal(home.title, 'Kingdom Marketplace: faith-based products, services and podcast');
    assert.equal(home.canonical, `${ORIGIN}/`);
    const contact = headOf(await (await page('/contact')).text());
    assert.equal(contact.title, 'Contact us and prayer requests | Kingdom Marketplace');
    assert.notEqual(contact.meta.description, home.meta.description);
    for (const url of ['/admin', '/checkout', '/member-dashboard']) {
      const head = headOf(await (await page(url)).text());
      assert.equal(head.meta.robots, 'noindex', url);
      assert.equal(head.canonical, undefined, url);
    }
  });

  test('robots.txt is plain text that keeps crawlers out of private pages and names the sitemap', async () => {
    const res = await fetch(`${h.baseUrl}/robots.txt`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
    const text = await res.text();
    assert.match(text, /^User-agent: \*\n/);
    for (const path of ['/admin', '/checkout', '/member-dashboard']) assert.ok(text.includes(`\nDisallow: ${path}\n`), path);
    assert.ok(text.includes(`\nSitemap: ${ORIGIN}/sitemap.xml\n`));
  });

  test('the sitemap index lists files that a parser reads, and every URL in them answers 200 with its own page', async () => {
    const item = await createProduct({ name: 'Sitemap Scroll' });
    await eventually(async () => (await (await fetch(`${h.baseUrl}/sitemaps/products-1.xml`)).text()).includes('/products/sitemap-scroll'), 15_000, 250);
    const index = await (await fetch(`${h.baseUrl}/sitemap.xml`)).text();
    assert.equal(XMLValidator.validate(index), true);
    const files = sitemapParser.parse(index).sitemapindex.sitemap as { loc: string }[];
    assert.deepEqual(
      files.map((f) => f.loc.replace(ORIGIN, '')),
      ['/sitemaps/pages.xml', '/sitemaps/products-1.xml'],
    );
    let urls = 0;
    for (const file of files) {
      const res = await fetch(file.loc.replace(ORIGIN, h.baseUrl));
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/xml; charset=utf-8');
      const xml = await res.text();
      assert.equal(XMLValidator.validate(xml), true);
      for (const url of sitemapParser.parse(xml).urlset.url as { loc: string; lastmod?: string }[]) {
        const res = await page(url.loc.replace(ORIGIN, ''));
        assert.equal(res.status, 200, url.loc);
        assert.equal(headOf(await res.text()).canonical, url.loc);
        urls += 1;
      }
    }
    assert.ok(urls >= 10, `${urls} URLs`);
    const listed = (
      sitemapParser.parse(await (await fetch(`${h.baseUrl}/sitemaps/products-1.xml`)).text()).urlset.url as { loc: string; lastmod: string }[]
    ).find((u) => u.loc.endsWith('/sitemap-scroll'));
    assert.equal(listed?.lastmod, item.updatedAt);
    assert.equal((await fetch(`${h.baseUrl}/sitemaps/nothing.xml`)).status, 404);
  });
});
