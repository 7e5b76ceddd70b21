import { episodePath, PAGE_COPY, type CatalogItem, type ItemKind } from '@km/contracts';
import type { PodcastEpisode } from '@km/contracts/media';
import { XMLBuilder } from 'fast-xml-parser';
import { itemPath } from './page-head';

/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: false, processEntities: true, suppressEmptyNode: true });
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** One file of the sitemap: a name under /sitemaps/ and its URLs with their last change. */
export interface SitemapFile {
  name: string;
  urls: { loc: string; lastmod?: string }[];
}

const KINDS: readonly ItemKind[] = ['product', 'service'];
const PLURAL: Record<ItemKind, string> = { product: 'products', service: 'services' };

/** What the sitemap reads of an episode. */
export type SitemapEpisode = Pick<PodcastEpisode, 'episodeNumber' | 'title' | 'updatedAt'>;

/**
 * The site's sitemap files: the indexable pages, then each kind's items in files of at most 50,000 URLs
 * (`products-1.xml`, `products-2.xml`, …; none for a kind without items), then the podcast's episode pages
 * (`episodes-1.xml`, …; ADR 0045). Items and episodes carry their last change.
 */
export function sitemapFiles(origin: string, itemsOf: (kind: ItemKind) => CatalogItem[], episodes: SitemapEpisode[]): SitemapFile[] {
  const pages = Object.entries(PAGE_COPY)
    .filter(([, copy]) => copy.index)
    .map(([path]) => ({ loc: `${origin}${path}` }));
  const files: SitemapFile[] = [{ name: 'pages.xml', urls: pages }];
  for (const kind of KINDS) {
    const urls = itemsOf(kind).map((item) => ({ loc: `${origin}${itemPath(item)}`, lastmod: item.updatedAt }));
    files.push(...split(PLURAL[kind], urls));
  }
  files.push(
    ...split(
      'episodes',
      episodes.map((episode) => ({ loc: `${origin}${episodePath(episode)}`, lastmod: episode.updatedAt })),
    ),
  );
  return files;
}

/** `<name>-1.xml`, `<name>-2.xml`, … of at most 50,000 URLs each; none for no URLs. */
function split(name: string, urls: SitemapFile['urls']): SitemapFile[] {
  const files: SitemapFile[] = [];
  for (let start = 0, n = 1; start < urls.length; start += SITEMAP_MAX_URLS, n++) {
    files.push({ name: `${name}-${n}.xml`, urls: urls.slice(start, start + SITEMAP_MAX_URLS) });
  }
  return files;
}

/** The sitemap index: one entry per file, with the latest change among its URLs when they carry one. */
export function renderSitemapIndex(origin: string, files: SitemapFile[]): string {
  const sitemap = files.map((file) => {
    const lastmod = file.urls.reduce<string | undefined>((latest, url) => (url.lastmod && (!latest || url.lastmod > latest) ? url.lastmod : latest), undefined);
    return { loc: `${origin}/sitemaps/${file.name}`, ...(lastmod ? { lastmod } : {}) };
  });
  return DECLARATION + builder.build({ sitemapindex: { '@xmlns': NS, sitemap } });
}

export function renderUrlSet(file: SitemapFile): string {
  return DECLARATION + builder.build({ urlset: { '@xmlns': NS, url: file.urls } });
}

/** robots.txt: every crawler may read the site but the private and one-person pages; the sitemap's address. */
export function renderRobots(origin: string): string {
  const privatePaths = Object.entries(PAGE_COPY)
    .filter(([, copy]) => !copy.index)
    .map(([path]) => path)
    // /checkout covers /checkout/success.
    .filter((path, _, all) => !all.some((other) => other !== path && path.startsWith(`${other}/`)));
  return ['User-agent: *', ...privatePaths.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
