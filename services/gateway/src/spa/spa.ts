import accepts from 'accepts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import mimeTypes from 'mime-types';
import { SITE_NAME } from '@km/contracts';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SESSION_COOKIE } from '../auth/session-cookie';
import type { HeadOutcome } from '../seo/page-head';
import { renderHead } from '../seo/render-head';

const NOT_SPA = /^\/(api|media|feeds|health|ready)(\/|$)/;
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

interface StaticFile {
  file: string;
  size: number;
  mtime: Date;
  /** The build-time compressed copies next to it, by encoding. */
  compressed: Partial<Record<'br' | 'gzip', { file: string; size: number }>>;
}

/** Every file of the build, by URL path; the `.br`/`.gz` copies hang off the file they compress. */
function listFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(root)) return files;
  const all = (readdirSync(root, { recursive: true }) as string[]).filter((name) => statSync(path.join(root, name)).isFile());
  const names = new Set(all);
  for (const name of all) {
    if (ENCODINGS.some((e) => name.endsWith(e.extension) && names.has(name.slice(0, -e.extension.length)))) continue;
    const file = path.join(root, name);
    const stat = statSync(file);
    const compressed: StaticFile['compressed'] = {};
    for (const e of ENCODINGS) {
      if (names.has(name + e.extension)) compressed[e.name] = { file: file + e.extension, size: statSync(file + e.extension).size };
    }
    files.set('/' + name.split(path.sep).join('/'), { file, size: stat.size, mtime: stat.mtime, compressed });
  }
  return files;
}

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated,
 * and any other GET that wants HTML falls back to index.html (client-side routes).
 * The web build writes `.br` and `.gz` files next to each asset; the one the browser accepts is sent as is
 * (`Content-Encoding`, `Vary: Accept-Encoding`, the original file's `Content-Type`), so nothing is compressed per request.
 * The files are listed once, when the gateway starts (after the web build); a path outside that list is never
 * looked up on disk, so no request can reach beyond the build folder.
 */
export function registerSpa(fastify: FastifyInstance, distDir: string, heads?: PageHeadsOf) {
  const root = path.resolve(distDir);
  const files = listFiles(root);
  const index = path.join(root, 'index.html');
  const pages = pageVariants(root, index);
  let indexHtml: string | undefined;
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodePath(req.url.split('?')[0]);
    if (pathname === undefined || NOT_SPA.test(pathname)) return reply.callNotFound();
    const asset = files.get(pathname);
    if (asset) return sendAsset(req, reply, pathname, asset);
    if (!accepts(req.raw).type('html')) return reply.callNotFound();
    // Read once it exists: the build may finish after the gateway started.
    indexHtml ??= existsSync(index) ? await readFile(index, 'utf8') : undefined;
    if (indexHtml === undefined) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The web app has not been built yet. Run `npm run build` (npm start does this for you).');
    }
    // A preloaded API read belongs to one address, query string included; another query string asks for another read.
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    // A page whose address has a parameter (`/products/{slug}`) has its scripts under its template (`/products/:slug`).
    const key = pages.templates.find((t) => t.pattern.test(route))?.template ?? route;
    let html = (query ? (pages.byAddress.get(key + query) ?? pages.scriptsOnly.get(key)) : pages.byAddress.get(key)) ?? indexHtml;
    let status = 200;
    if (heads) {
      // Each address's own title, description, canonical, previews and structured data (ADR 0044); an item's old
      // id address moves permanently to its slug; an address no page has is a 404 (the SPA still shows its page).
      const outcome = await heads(route);
      if ('redirect' in outcome) return reply.redirect(outcome.redirect + query, 301);
      html = renderHead(html, outcome.head, SITE_NAME);
      status = outcome.head.status;
    }
    // The page's session hint depends on the Cookie header (see SESSION_HINT).
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie').type('text/html; charset=utf-8');
    return reply.status(status).send(hasSessionCookie(req) ? html : html.replace(SESSION_HINT, NO_SESSION));
  };
  // GET routes answer HEAD too (fastify's exposeHeadRoutes), without a body.
  fastify.get('/', handler);
  fastify.get('/*', handler);
}

/** The head of the page at a path (no query string, no trailing slash). */
export type PageHeadsOf = (path: string) => Promise<HeadOutcome>;

/**
 * index.html with `<link rel="modulepreload">` for the page's own scripts, per path of a lazily loaded page (the
 * web build's `route-preloads.json`): the browser fetches them beside the entry script instead of after it has run,
 * one round trip sooner (the largest paint of /podcast on a phone came 0.05 s past its 2.5 s goal without it).
 * An `/api/` address in a list is the page's first read at that address (a path, or a path and its query string:
 * web/src/app/route-data.ts): a fetch preload with credentials as the SPA's reads send them (a preload serves only a
 * request that matches it), in the HTML for exactly that address; any other query string gets the path's scripts.
 */
function pageVariants(
  root: string,
  index: string,
): { byAddress: Map<string, string>; scriptsOnly: Map<string, string>; templates: { template: string; pattern: RegExp }[] } {
  const variants = { byAddress: new Map<string, string>(), scriptsOnly: new Map<string, string>(), templates: [] as { template: string; pattern: RegExp }[] };
  const listFile = path.join(root, 'route-preloads.json');
  if (!existsSync(index) || !existsSync(listFile)) return variants;
  const html = readFileSync(index, 'utf8');
  const preloads = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, string[]>;
  const withLinks = (links: string[]) => html.replace('</head>', `${links.join('')}</head>`);
  for (const [route, files] of Object.entries(preloads)) {
    const scripts = files.filter((file) => !file.startsWith('/api/')).map((script) => `<link rel="modulepreload" crossorigin href="${script}">`);
    const reads = files
      .filter((file) => file.startsWith('/api/'))
      .map((read) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${read}">`);
    variants.byAddress.set(route, withLinks([...scripts, ...reads]));
    // `:name` segments match one segment of an address (no query string: a template's reads come from its head).
    if (route.includes('/:')) variants.templates.push({ template: route, pattern: new RegExp(`^${route.replace(/\/:[^/]+/g, '/[^/]+')}$`) });
    if (!route.includes('?')) variants.scriptsOnly.set(route, withLinks(scripts));
  }
  return variants;
}

/**
 * The session cookie is HttpOnly, so the page cannot tell a visitor from a signed-in user before asking
 * /api/auth/me, whose 401 for a visitor (spec §7) browsers log as a console error on every page. The page's head
 * carries `<meta name="km-session" content="unknown">` (web/index.html); a request without a session cookie gets
 * "none" there, and the SPA then does not ask (web/src/lib/session-hint.ts). A cookie that is present but expired or
 * revoked still reads as "unknown": the SPA asks, as before.
 */
const SESSION_HINT = /<meta name="km-session" content="unknown"\s*\/?>/;
const NO_SESSION = '<meta name="km-session" content="none">';
const SESSION_COOKIE_PAIR = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=[^;\\s]`);

function hasSessionCookie(req: FastifyRequest): boolean {
  return SESSION_COOKIE_PAIR.test(req.headers.cookie ?? '');
}

function decodePath(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function sendAsset(req: FastifyRequest, reply: FastifyReply, pathname: string, asset: StaticFile) {
  const type = mimeTypes.lookup(pathname) || 'application/octet-stream';
  const offered = ENCODINGS.filter((e) => asset.compressed[e.name]).map((e) => e.name);
  // Brotli whenever the browser takes it (smaller), else gzip: the build made both, so the client's order does not matter.
  const acceptable = offered.length > 0 ? accepts(req.raw).encodings() : [];
  const encoding = offered.find((name) => acceptable.includes(name) || acceptable.includes('*')) ?? false;
  const chosen = encoding ? asset.compressed[encoding as 'br' | 'gzip'] : undefined;
  if (offered.length > 0) reply.header('Vary', 'Accept-Encoding');
  reply.header('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  reply.header('Last-Modified', asset.mtime.toUTCString());
  const etag = `W/"${(chosen ?? asset).size.toString(16)}-${asset.mtime.getTime().toString(16)}${chosen ? `-${encoding}` : ''}"`;
  reply.header('ETag', etag);
  if (chosen) {
    const charset = mimeTypes.charset(type);
    reply.header('Content-Encoding', encoding);
    reply.header('Content-Type', type + (charset ? `; charset=${charset}` : ''));
  } else {
    reply.header('Content-Type', mimeTypes.contentType(type) || type);
  }
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  reply.header('Content-Length', String((chosen ?? asset).size));
  if (req.method === 'HEAD') return reply.send();
  return reply.send(createReadStream((chosen ?? asset).file));
}
