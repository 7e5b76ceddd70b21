import type { CatalogItem, ItemKind } from '@km/contracts';
import assert from 'node:assert/strict';
import type { PodcastEpisode } from '@km/contracts/media';
import { headFor, isoDuration, summary, type FindEpisode, type FindItem, type PageHead, type SiteFacts } from './page-head';

const site: SiteFacts = {
  origin: 'https://shop.example',
  sameAs: ['https://www.facebook.com/kingdom'],
  podcast: { title: 'Kingdom Talk', description: 'Faith and business.', imageUrl: '/podcast-cover.jpg' },
};

const bible: CatalogItem = {
  id: '0b0f6a57-0d3e-4a53-9d3a-6a2b1c0d9e01',
  kind: 'product',
  name: 'Grace Study Bible',
  slug: 'grace-study-bible',
  price: '39.99',
  description: 'A study Bible with notes.\nLeather bound.',
  category: 'Books',
  tags: [],
  imageUrl: '/media/catalog/b.png',
  images: [
    { url: '/media/catalog/b-w320.webp', width: 320 },
    { url: '/media/catalog/b-w960.webp', width: 960 },
  ],
  inStock: false,
  stockQuantity: null,
  lowStock: false,
  featured: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

const catalog: FindItem = async (kind: ItemKind, idOrSlug: string) =>
  kind === bible.kind && (idOrSlug === bible.id || idOrSlug === bible.slug) ? bible : undefined;

const episode12: PodcastEpisode = {
  id: '5d1c2b3a-0000-4000-8000-000000000012',
  title: 'Faith & Work: Pt. 2',
  episodeNumber: 12,
  description: 'How faith shapes **work**.\n\nWith notes.',
  mediaType: 'audio',
  videoUrl: '/media/episodes/e12.mp3',
  thumbnailUrl: '/media/thumbnails/t12.png',
  thumbnails: [
    { url: '/media/thumbnails/t12-w320.webp', width: 320 },
    { url: '/media/thumbnails/t12-w960.webp', width: 960 },
  ],
  tags: ['faith', 'work'],
  duration: 3723,
  views: 0,
  likes: 0,
  mediaSize: 1000,
  mediaContentType: 'audio/mpeg',
  chapters: [],
  transcript: null,
  feedMedia: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
};

const podcast: FindEpisode = async (n) => (n === 12 ? episode12 : undefined);

async function head(path: string): Promise<PageHead> {
  const outcome = await headFor(path, site, catalog, podcast);
  assert.ok('head' in outcome, `${path} redirected`);
  return outcome.head;
}

const ofType = (h: PageHead, type: string) => h.jsonLd.find((d) => (d as { '@type': string })['@type'] === type) as Record<string, unknown> | undefined;

describe('the head of a page', () => {
  test('a spec page has its own title after the site name, its description, its canonical address and the Organization', async () => {
    const h = await head('/publishing');
    assert.equal(h.status, 200);
    assert.equal(h.title, 'Self-publishing services | Kingdom Marketplace');
    assert.match(h.description, /^Publish your book/);
    assert.equal(h.canonical, 'https://shop.example/publishing');
    assert.equal(h.noindex, false);
    assert.deepEqual(ofType(h, 'Organization'), {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://shop.example/#organization',
      name: 'Kingdom Marketplace',
      description: 'A marketplace for Kingdom-minded creators, businesses, and ministries.',
      url: 'https://shop.example/',
      logo: 'https://shop.example/logo.png',
      sameAs: ['https://www.facebook.com/kingdom'],
    });
    assert.deepEqual(ofType(h, 'BreadcrumbList')?.itemListElement, [
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
      { '@type': 'ListItem', position: 2, name: 'Self-publishing services', item: 'https://shop.example/publishing' },
    ]);
  });

  test('private pages are noindex with no canonical: admin, checkout, member dashboard', async () => {
    for (const path of [
      '/admin',
      '/checkout',
      '/checkout/success',
      '/member-dashboard',
      '/member-dashboard/invoices/in_1234',
      '/verify-email',
      '/staff-invitation',
      '/orders',
      '/orders/KM-7Q2M9XKD',
      '/orders/anything',
    ]) {
      const h = await head(path);
      assert.equal(h.noindex, true, path);
      assert.equal(h.canonical, null, path);
    }
  });

  test('/podcast describes the PodcastSeries with its feed and artwork, and previews with the artwork', async () => {
    const h = await head('/podcast');
    assert.deepEqual(ofType(h, 'PodcastSeries'), {
      '@context': 'https://schema.org',
      '@type': 'PodcastSeries',
      name: 'Kingdom Talk',
      description: 'Faith and business.',
      url: 'https://shop.example/podcast',
      webFeed: 'https://shop.example/feeds/podcast.xml',
      image: 'https://shop.example/podcast-cover.jpg',
      publisher: { '@id': 'https://shop.example/#organization' },
    });
    assert.equal(h.og.image?.url, 'https://shop.example/podcast-cover.jpg');
  });

  test('a product page is named by its slug: title and description from the item, Product with an Offer, the widest picture', async () => {
    const h = await head('/products/grace-study-bible');
    assert.equal(h.status, 200);
    assert.equal(h.title, 'Grace Study Bible | Kingdom Marketplace');
    assert.equal(h.description, 'A study Bible with notes. Leather bound.');
    assert.equal(h.canonical, 'https://shop.example/products/grace-study-bible');
    assert.deepEqual(h.og, { type: 'product', image: { url: 'https://shop.example/media/catalog/b-w960.webp', width: 960, alt: 'Grace Study Bible' } });
    assert.deepEqual(ofType(h, 'Product'), {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Grace Study Bible',
      description: 'A study Bible with notes.\nLeather bound.',
      sku: bible.id,
      category: 'Books',
      url: 'https://shop.example/products/grace-study-bible',
      image: ['https://shop.example/media/catalog/b-w960.webp'],
      offers: {
        '@type': 'Offer',
        url: 'https://shop.example/products/grace-study-bible',
        price: '39.99',
        priceCurrency: 'USD',
        availability: 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    });
    assert.deepEqual(
      (ofType(h, 'BreadcrumbList')?.itemListElement as { name: string }[]).map((s) => s.name),
      ['Home', 'Products', 'Grace Study Bible'],
    );
    // Its read and its largest picture, as the page asks for them (the web's srcset and sizes, word for word).
    assert.deepEqual(h.preload, {
      fetch: '/api/products/grace-study-bible',
      image: {
        href: '/media/catalog/b.png',
        srcset: '/media/catalog/b-w320.webp 320w, /media/catalog/b-w960.webp 960w',
        sizes: '(min-width: 768px) 384px, calc(100vw - 2rem)',
      },
    });
  });

  test("an order's status page has one head for every number, whether or not it exists: nothing about the order leaks", async () => {
    const a = await head('/orders/KM-7Q2M9XKD');
    const b = await head('/orders/KM-0000000Z');
    assert.deepEqual(a, b);
    assert.equal(a.status, 200);
    assert.equal(a.title, 'Your order | Kingdom Marketplace');
  });

  test("an item's id address moves permanently to its slug address", async () => {
    assert.deepEqual(await headFor(`/products/${bible.id}`, site, catalog, podcast), { redirect: '/products/grace-study-bible' });
  });

  test("an episode's page is named by its number and title: its own title, summary, canonical, thumbnail preview and a PodcastEpisode of the series", async () => {
    const h = await head('/podcast/12-faith-work-pt-2');
    assert.equal(h.status, 200);
    assert.equal(h.title, 'Episode 12: Faith & Work: Pt. 2 | Kingdom Marketplace');
    assert.equal(h.description, 'How faith shapes **work**. With notes.');
    assert.equal(h.canonical, 'https://shop.example/podcast/12-faith-work-pt-2');
    assert.deepEqual(h.og, { type: 'website', image: { url: 'https://shop.example/media/thumbnails/t12-w960.webp', width: 960, alt: 'Faith & Work: Pt. 2' } });
    assert.deepEqual(ofType(h, 'PodcastEpisode'), {
      '@context': 'https://schema.org',
      '@type': 'PodcastEpisode',
      name: 'Faith & Work: Pt. 2',
      episodeNumber: 12,
      description: 'How faith shapes **work**.\n\nWith notes.',
      url: 'https://shop.example/podcast/12-faith-work-pt-2',
      datePublished: '2026-03-01T10:00:00.000Z',
      timeRequired: 'PT1H2M3S',
      image: 'https://shop.example/media/thumbnails/t12-w960.webp',
      keywords: 'faith, work',
      associatedMedia: { '@type': 'MediaObject', contentUrl: 'https://shop.example/media/episodes/e12.mp3', encodingFormat: 'audio/mpeg' },
      partOfSeries: { '@type': 'PodcastSeries', name: 'Kingdom Talk', url: 'https://shop.example/podcast', webFeed: 'https://shop.example/feeds/podcast.xml' },
    });
    assert.deepEqual(
      (ofType(h, 'BreadcrumbList')?.itemListElement as { item: string }[]).map((s) => s.item),
      ['https://shop.example/', 'https://shop.example/podcast', 'https://shop.example/podcast/12-faith-work-pt-2'],
    );
    // oEmbed discovery (ADR 0069).
    assert.deepEqual(h.alternates, [
      {
        type: 'application/json+oembed',
        href: 'https://shop.example/api/oembed?url=https%3A%2F%2Fshop.example%2Fpodcast%2F12-faith-work-pt-2&format=json',
        title: 'Episode 12: Faith & Work: Pt. 2',
      },
    ]);
  });

  test("an episode's page announces its read and its player's picture as the player picks it: the video's poster, the audio's artwork", async () => {
    const audio = await head('/podcast/12-faith-work-pt-2');
    assert.deepEqual(audio.preload, {
      fetch: '/api/podcast-episodes/by-number/12',
      image: { href: '/media/thumbnails/t12.png', srcset: '/media/thumbnails/t12-w320.webp 320w, /media/thumbnails/t12-w960.webp 960w', sizes: '224px' },
    });
    const video = await headFor('/podcast/12-faith-work-pt-2', site, catalog, async () => ({ ...episode12, mediaType: 'video' as const }));
    assert.ok('head' in video);
    // A poster has no srcset: the narrowest copy at least 640 wide, as episode-player.tsx asks for.
    assert.deepEqual(video.head.preload, { fetch: '/api/podcast-episodes/by-number/12', image: { href: '/media/thumbnails/t12-w960.webp', sizes: '100vw' } });
    const none = await headFor('/podcast/12-faith-work-pt-2', site, catalog, async () => ({ ...episode12, thumbnailUrl: null }));
    assert.ok('head' in none);
    assert.equal(none.head.preload?.image, null);
  });

  test("an episode's address with a stale slug or none moves permanently to its current address: the number decides", async () => {
    for (const path of ['/podcast/12-old-title', '/podcast/12', '/podcast/12-'])
      assert.deepEqual(await headFor(path, site, catalog, podcast), { redirect: '/podcast/12-faith-work-pt-2' }, path);
  });

  test('an episode without thumbnail renditions previews with its thumbnail, one without a thumbnail with the show artwork', async () => {
    const plain = { ...episode12, thumbnails: [] };
    const outcome = await headFor('/podcast/12-faith-work-pt-2', site, catalog, async () => plain);
    assert.ok('head' in outcome);
    assert.deepEqual(outcome.head.og.image, { url: 'https://shop.example/media/thumbnails/t12.png', width: null, alt: 'Faith & Work: Pt. 2' });
    const bare = await headFor('/podcast/12-faith-work-pt-2', site, catalog, async () => ({ ...plain, thumbnailUrl: null }));
    assert.ok('head' in bare);
    assert.deepEqual(bare.head.og.image, { url: 'https://shop.example/podcast-cover.jpg', width: null, alt: 'Kingdom Talk' });
  });

  test('an unknown address, an unknown slug, an unknown episode and a product asked as a service are 404 and noindex', async () => {
    for (const path of [
      '/no-such-page',
      '/products/no-such-item',
      '/services/grace-study-bible',
      '/products/grace-study-bible/extra',
      '/podcast/13-no-such-episode',
      '/podcast/0-zero',
      '/podcast/012-faith-work-pt-2',
      '/podcast/12-faith-work-pt-2/extra',
      '/podcast/abc',
    ]) {
      const h = await head(path);
      assert.equal(h.status, 404, path);
      assert.equal(h.title, '404 Page Not Found | Kingdom Marketplace', path);
      assert.equal(h.noindex, true, path);
    }
  });
});

describe('an ISO 8601 duration', () => {
  test('names the hours, minutes and seconds it has, and 0 seconds as PT0S', () => {
    assert.deepEqual([3723, 3600, 90, 59, 0].map(isoDuration), ['PT1H2M3S', 'PT1H', 'PT1M30S', 'PT59S', 'PT0S']);
  });
});

describe('a description cut from an item', () => {
  test('is one line, whole words, at most 160 characters with an ellipsis when cut', () => {
    const long = 'Word '.repeat(60);
    const cut = summary(long);
    assert.ok(cut.length <= 160, `${cut.length}`);
    assert.ok(cut.endsWith('Word…'), cut);
    assert.equal(summary('  Short\n\ntext. '), 'Short text.');
  });
});
