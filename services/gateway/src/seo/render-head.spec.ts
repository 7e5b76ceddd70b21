import assert from 'node:assert/strict';
import type { PageHead } from './page-head';
import { renderHead } from './render-head';

const INDEX = '<head><meta name="description" content="Default." /><title>Kingdom Marketplace</title></head><body></body>';

const head = (over: Partial<PageHead> = {}): PageHead => ({
  status: 200,
  title: 'Grace | Kingdom Marketplace',
  description: 'A Bible.',
  canonical: 'https://shop.example/products/grace',
  noindex: false,
  og: { type: 'product', image: { url: 'https://shop.example/media/g.webp', width: 960, alt: 'Grace' } },
  jsonLd: [{ '@type': 'Product', name: 'Grace' }],
  ...over,
});

describe("a page's head in its HTML", () => {
  test('replaces the title and description and adds canonical, Open Graph, Twitter and JSON-LD before </head>', () => {
    const html = renderHead(INDEX, head(), 'Kingdom Marketplace');
    assert.equal(
      html,
      '<head><meta name="description" content="A Bible."><title>Grace | Kingdom Marketplace</title>' +
        '<link rel="canonical" href="https://shop.example/products/grace">' +
        '<meta property="og:site_name" content="Kingdom Marketplace"><meta property="og:type" content="product">' +
        '<meta property="og:title" content="Grace | Kingdom Marketplace"><meta property="og:description" content="A Bible.">' +
        '<meta property="og:url" content="https://shop.example/products/grace">' +
        '<meta property="og:image" content="https://shop.example/media/g.webp"><meta property="og:image:alt" content="Grace">' +
        '<meta property="og:image:width" content="960">' +
        '<meta name="twitter:card" content="summary_large_image"><meta name="twitter:title" content="Grace | Kingdom Marketplace">' +
        '<meta name="twitter:description" content="A Bible."><meta name="twitter:image" content="https://shop.example/media/g.webp">' +
        '<meta name="twitter:image:alt" content="Grace">' +
        '<script type="application/ld+json">{"@type":"Product","name":"Grace"}</script></head><body></body>',
    );
  });

  test("an item's page announces its read and its picture (with srcset and sizes) as preloads", () => {
    const html = renderHead(
      INDEX,
      head({ jsonLd: [], preload: { fetch: '/api/products/grace', image: { href: '/media/g.png', srcset: '/media/g-w320.webp 320w', sizes: '100vw' } } }),
      'Kingdom Marketplace',
    );
    assert.ok(
      html.includes(
        '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/products/grace">' +
          '<link rel="preload" as="image" href="/media/g.png" imagesrcset="/media/g-w320.webp 320w" imagesizes="100vw" fetchpriority="high"></head>',
      ),
      html,
    );
  });

  test('a noindex page says so and has no canonical or og:url', () => {
    const html = renderHead(INDEX, head({ canonical: null, noindex: true, og: { type: 'website', image: null } }), 'Kingdom Marketplace');
    assert.match(html, /<meta name="robots" content="noindex">/);
    assert.doesNotMatch(html, /canonical|og:url|og:image/);
    assert.match(html, /<meta name="twitter:card" content="summary">/);
  });

  test('hostile names stay text: quotes and tags escaped, $-patterns kept, JSON-LD cannot close its script', () => {
    const name = `"><script>alert(1)</script> $& $' </script><!--`;
    const html = renderHead(INDEX, head({ title: name, description: name, jsonLd: [{ name }] }), 'Kingdom Marketplace');
    assert.equal(html.match(/<script/g)?.length, 1, 'only the JSON-LD script element');
    assert.ok(html.includes('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $&#39; &lt;/script&gt;&lt;!--</title>'));
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1];
    assert.deepEqual(JSON.parse(json), { name });
    assert.ok(!json.includes('<'));
  });
});
