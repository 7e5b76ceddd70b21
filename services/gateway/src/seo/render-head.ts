import { escapeHtml } from '../http/html';
import type { PageHead } from './page-head';

/** JSON inside a script element: `<` escaped so no value can close the element or open a comment. */
const scriptJson = (value: object) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/;

/**
 * The page's HTML with its own head: the title and description replaced, then canonical, robots, Open Graph and
 * Twitter card tags and the JSON-LD added before `</head>`. Every value is escaped.
 */
export function renderHead(html: string, head: PageHead, siteName: string): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const tags: string[] = [];
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  for (const alternate of head.alternates ?? [])
    tags.push(`<link rel="alternate" type="${escapeHtml(alternate.type)}" href="${escapeHtml(alternate.href)}" title="${escapeHtml(alternate.title)}">`);
  tags.push(
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.og.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
  );
  if (head.canonical) tags.push(meta('property', 'og:url', head.canonical));
  const image = head.og.image;
  if (image) {
    tags.push(meta('property', 'og:image', image.url), meta('property', 'og:image:alt', image.alt));
    if (image.width) tags.push(meta('property', 'og:image:width', String(image.width)));
  }
  tags.push(
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (image) tags.push(meta('name', 'twitter:image', image.url), meta('name', 'twitter:image:alt', image.alt));
  if (head.preload) {
    tags.push(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(head.preload.fetch)}">`);
    const picture = head.preload.image;
    if (picture) {
      const set = picture.srcset ? ` imagesrcset="${escapeHtml(picture.srcset)}" imagesizes="${escapeHtml(picture.sizes)}"` : '';
      tags.push(`<link rel="preload" as="image" href="${escapeHtml(picture.href)}"${set} fetchpriority="high">`);
    }
  }
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  // Replacement functions, not strings: a `$&` in a product's name must stay text.
  return html
    .replace(TITLE, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(DESCRIPTION, () => meta('name', 'description', head.description))
    .replace('</head>', () => `${tags.join('')}</head>`);
}
