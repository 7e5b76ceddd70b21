import {
  documentTitle,
  EPISODE_ART_SIZES,
  EPISODE_POSTER_WIDTH,
  episodePath,
  ITEM_DETAIL_IMAGE_SIZES,
  NOT_FOUND_COPY,
  ORDER_PAGE_COPY,
  RECEIPT_PAGE_COPY,
  pageCopyOf,
  parseEpisodePath,
  renditionFor,
  srcSetOf,
  SITE_NAME,
  SITE_TAGLINE,
  type CatalogItem,
  type ItemKind,
  type PageCopy,
} from '@km/contracts';
import type { PodcastEpisode } from '@km/contracts/media';
import { oembedDiscoveryUrl } from '../media/podcast-embed';

/** What the head of one address says: its title and description, where it lives, how it previews, what it is. */
export interface PageHead {
  status: 200 | 404;
  title: string;
  description: string;
  /** Absolute; null on pages search engines must not index. */
  canonical: string | null;
  noindex: boolean;
  og: { type: 'website' | 'product'; image: OgImage | null };
  /** JSON-LD objects (schema.org), one `<script type="application/ld+json">` each. */
  jsonLd: object[];
  /** Other forms of the page (an episode's oEmbed, ADR 0069): `<link rel="alternate">` each. */
  alternates?: { type: string; href: string; title: string }[];
  /** What the page fetches first, announced so it downloads beside the scripts: its API read and its largest picture. */
  preload?: { fetch: string; image: { href: string; srcset?: string; sizes: string } | null };
}

export interface OgImage {
  /** Absolute. */
  url: string;
  width: number | null;
  alt: string;
}

/** The outcome for an address: a head, or a permanent redirect to the address that names the page now. */
export type HeadOutcome = { head: PageHead } | { redirect: string };

/** Facts about the site the heads repeat. */
export interface SiteFacts {
  /** PUBLIC_ORIGIN, without a trailing slash. */
  origin: string;
  /** Profiles of the organisation elsewhere (`sameAs`); empty when none is configured. */
  sameAs: string[];
  podcast: { title: string; description: string; imageUrl: string };
}

/** The catalog as the heads read it: an item of a kind by id or slug. */
export type FindItem = (kind: ItemKind, idOrSlug: string) => Promise<CatalogItem | undefined>;

/** The podcast as the heads read it: an episode by its number (ADR 0045), undefined when no episode has it. */
export type FindEpisode = (episodeNumber: number) => Promise<PodcastEpisode | undefined>;

const ITEM_PAGE = /^\/(products|services)\/([^/]+)$/;
/** An order's status page: whether the number exists is the page's business (it asks with the key it holds). */
const ORDER_PAGE = /^\/orders\/[^/]+$/;
/** A member's receipt page (ADR 0059): whose invoice it is, the page asks with the member's session. */
const RECEIPT_PAGE = /^\/member-dashboard\/invoices\/[^/]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KIND_OF: Record<string, ItemKind> = { products: 'product', services: 'service' };
export const ITEM_PATH: Record<ItemKind, string> = { product: '/products', service: '/services' };
/** Open Graph and Twitter previews want a wide picture of at least 600 px; the widest copy the catalog makes is 960. */
const PREVIEW_MIN_WIDTH = 600;
const DESCRIPTION_MAX = 160;

/** The address of an item's own page. */
export const itemPath = (item: Pick<CatalogItem, 'kind' | 'slug'>) => `${ITEM_PATH[item.kind]}/${item.slug}`;

/** The head for a path (no query string; trailing slashes removed). */
export async function headFor(path: string, site: SiteFacts, findItem: FindItem, findEpisode: FindEpisode): Promise<HeadOutcome> {
  const copy = pageCopyOf(path);
  if (copy) return { head: pageHead(path, copy, site) };
  if (ORDER_PAGE.test(path)) return { head: pageHead(path, ORDER_PAGE_COPY, site) };
  if (RECEIPT_PAGE.test(path)) return { head: pageHead(path, RECEIPT_PAGE_COPY, site) };
  const episodeAddress = parseEpisodePath(path);
  if (episodeAddress) {
    const episode = await findEpisode(episodeAddress.episodeNumber);
    // The number decides; a stale or missing slug moves permanently to the current address (ADR 0045).
    if (episode && path !== episodePath(episode)) return { redirect: episodePath(episode) };
    if (episode) return { head: episodeHead(episode, site) };
  }
  const match = ITEM_PAGE.exec(path);
  if (match) {
    const kind = KIND_OF[match[1]];
    const item = await findItem(kind, match[2]);
    if (item && item.slug !== match[2]) return { redirect: itemPath(item) };
    if (item) return { head: itemHead(item, site) };
  }
  return { head: { ...pageHead(path, NOT_FOUND_COPY, site), status: 404 } };
}

function pageHead(path: string, copy: PageCopy, site: SiteFacts): PageHead {
  const jsonLd: object[] = [organization(site)];
  if (path === '/') jsonLd.push({ '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: `${site.origin}/` });
  else if (copy.index) jsonLd.push(breadcrumbs(site, [{ name: copy.title, path }]));
  if (path === '/podcast') jsonLd.push(podcastSeries(site));
  return {
    status: 200,
    title: documentTitle(copy.title),
    description: copy.description,
    canonical: copy.index ? `${site.origin}${path}` : null,
    noindex: !copy.index,
    og: { type: 'website', image: path === '/podcast' ? { url: absolute(site, site.podcast.imageUrl), width: null, alt: site.podcast.title } : null },
    jsonLd,
  };
}

function itemHead(item: CatalogItem, site: SiteFacts): PageHead {
  const url = `${site.origin}${itemPath(item)}`;
  const image = previewImage(item, site);
  const store = item.kind === 'product' ? 'Products' : 'Services';
  return {
    status: 200,
    title: documentTitle(item.name),
    description: summary(item.description) || `${item.name} from ${SITE_NAME}.`,
    canonical: url,
    noindex: false,
    og: { type: item.kind === 'product' ? 'product' : 'website', image },
    // The page reads the item by its slug (web/src/features/store/api/get-catalog-item.ts) and shows its picture at
    // ITEM_DETAIL_IMAGE_SIZES: its largest paint, which otherwise waits for the scripts and then the read.
    preload: {
      fetch: `/api/${item.kind === 'product' ? 'products' : 'services'}/${encodeURIComponent(item.slug)}`,
      image: item.imageUrl ? { href: item.imageUrl, srcset: srcSetOf(item.images), sizes: ITEM_DETAIL_IMAGE_SIZES } : null,
    },
    jsonLd: [
      organization(site),
      breadcrumbs(site, [
        { name: store, path: item.kind === 'product' ? '/products' : '/products?kind=service' },
        { name: item.name, path: itemPath(item) },
      ]),
      {
        '@context': 'https://schema.org',
        '@type': item.kind === 'product' ? 'Product' : 'Service',
        name: item.name,
        description: item.description,
        ...(item.kind === 'product'
          ? { sku: item.id, category: item.category }
          : { serviceType: item.category, provider: { '@id': `${site.origin}/#organization` } }),
        url,
        ...(image ? { image: [image.url] } : {}),
        offers: {
          '@type': 'Offer',
          url,
          price: item.price,
          priceCurrency: 'USD',
          availability: item.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          ...(item.kind === 'product' ? { itemCondition: 'https://schema.org/NewCondition' } : {}),
        },
      },
    ],
  };
}

/** The picture the episode's player shows, as the player picks it (web/src/features/podcast/components/episode-player.tsx). */
function episodePicture(episode: PodcastEpisode): { href: string; srcset?: string; sizes: string } | null {
  if (!episode.videoUrl || !episode.thumbnailUrl) return null;
  if (episode.mediaType === 'video') return { href: renditionFor(episode.thumbnails, EPISODE_POSTER_WIDTH, episode.thumbnailUrl), sizes: '100vw' };
  return { href: episode.thumbnailUrl, srcset: srcSetOf(episode.thumbnails), sizes: EPISODE_ART_SIZES };
}

/** An episode's page: its title and summary, its thumbnail (else the show's artwork), and a PodcastEpisode of the series. */
function episodeHead(episode: PodcastEpisode, site: SiteFacts): PageHead {
  const path = episodePath(episode);
  const url = `${site.origin}${path}`;
  const name = `Episode ${episode.episodeNumber}: ${episode.title}`;
  const widest = episode.thumbnails.at(-1);
  const image: OgImage =
    widest && widest.width >= PREVIEW_MIN_WIDTH
      ? { url: absolute(site, widest.url), width: widest.width, alt: episode.title }
      : { url: absolute(site, episode.thumbnailUrl ?? site.podcast.imageUrl), width: null, alt: episode.thumbnailUrl ? episode.title : site.podcast.title };
  return {
    status: 200,
    title: documentTitle(name),
    description: summary(episode.description) || `${name}, from ${site.podcast.title}.`,
    canonical: url,
    noindex: false,
    og: { type: 'website', image },
    // The page reads the episode by its number (web/src/features/podcast/api/get-episode.ts) and its largest paint is the
    // video's poster (or the audio's artwork): announced here, they download beside the scripts instead of after them.
    preload: { fetch: `/api/podcast-episodes/by-number/${episode.episodeNumber}`, image: episodePicture(episode) },
    // oEmbed discovery (oembed.com §4): a ministry's site pastes this page's address and finds the embed (ADR 0069).
    alternates: [{ type: 'application/json+oembed', href: oembedDiscoveryUrl(site.origin, url), title: name }],
    jsonLd: [
      organization(site),
      breadcrumbs(site, [
        { name: 'Podcast', path: '/podcast' },
        { name, path },
      ]),
      {
        '@context': 'https://schema.org',
        '@type': 'PodcastEpisode',
        name: episode.title,
        episodeNumber: episode.episodeNumber,
        description: episode.description,
        url,
        datePublished: episode.createdAt,
        timeRequired: isoDuration(episode.duration),
        image: image.url,
        ...(episode.tags.length > 0 ? { keywords: episode.tags.join(', ') } : {}),
        associatedMedia: { '@type': 'MediaObject', contentUrl: absolute(site, episode.videoUrl), encodingFormat: episode.mediaContentType },
        partOfSeries: { '@type': 'PodcastSeries', name: site.podcast.title, url: `${site.origin}/podcast`, webFeed: `${site.origin}/feeds/podcast.xml` },
      },
    ],
  };
}

/** Whole seconds as an ISO 8601 duration (PT1H2M3S), as schema.org's timeRequired wants. */
export function isoDuration(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}

/** The widest copy of the item's picture that previews want, else the original upload. */
function previewImage(item: CatalogItem, site: SiteFacts): OgImage | null {
  const widest = item.images.at(-1);
  if (widest && widest.width >= PREVIEW_MIN_WIDTH) return { url: absolute(site, widest.url), width: widest.width, alt: item.name };
  return item.imageUrl ? { url: absolute(site, item.imageUrl), width: null, alt: item.name } : null;
}

function organization(site: SiteFacts): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${site.origin}/#organization`,
    name: SITE_NAME,
    description: SITE_TAGLINE,
    url: `${site.origin}/`,
    logo: `${site.origin}/logo.png`,
    ...(site.sameAs.length > 0 ? { sameAs: site.sameAs } : {}),
  };
}

function breadcrumbs(site: SiteFacts, trail: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', path: '/' }, ...trail].map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: `${site.origin}${step.path}`,
    })),
  };
}

function podcastSeries(site: SiteFacts): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'PodcastSeries',
    name: site.podcast.title,
    description: site.podcast.description,
    url: `${site.origin}/podcast`,
    webFeed: `${site.origin}/feeds/podcast.xml`,
    image: absolute(site, site.podcast.imageUrl),
    publisher: { '@id': `${site.origin}/#organization` },
  };
}

const absolute = (site: SiteFacts, url: string) => (/^https?:\/\//.test(url) ? url : `${site.origin}${url.startsWith('/') ? '' : '/'}${url}`);

/** The first sentence(s) of a text up to 160 characters, cut at a word, on one line. */
export function summary(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2)).replace(/[\s,;:.–-]+$/, '')}…`;
}

export const isItemId = (value: string) => UUID.test(value);
