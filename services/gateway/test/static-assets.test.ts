import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startHarness, type Harness } from './gateway-harness';

let h: Harness;
let dist: string;
// A hashed bundle as the web build leaves it: the file plus its brotli and gzip copies.
const BUNDLE = `console.log(${JSON.stringify('Kingdom Marketplace '.repeat(200))});\n`;
const INDEX = '<!doctype html><head><title>Kingdom Marketplace</title></head><div id="root"></div>';
// What the web build lists for a lazily loaded page: its own scripts, which the entry does not hold.
const ROUTE_PRELOADS = { '/podcast': ['/assets/podcast-Ef56Gh78.js', '/assets/tabs-Ij90Kl12.js'] };

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'km-web-precompressed-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify(ROUTE_PRELOADS));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), BUNDLE);
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(BUNDLE));
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(BUNDLE));
  h = await startHarness({ catalog: { SEED_DEMO: 'true' }, gateway: { WEB_DIST_DIR: dist, RATE_LIMIT_PER_MINUTE: '100000' } });
});
afterAll(async () => {
  await h.stop();
  rmSync(dist, { recursive: true, force: true });
});

/**
 * The page as built, with the head the gateway adds for each address (ADR 0044) taken out again: these tests are about
 * files, preloads and caching; the heads have their own (seo.test.ts). The title is checked apart.
 */
function withoutPageHead(html: string): string {
  return html
    .replace(/<title>[^<]*<\/title>/, '<title>Kingdom Marketplace</title>')
    .replace(/<link rel="canonical" href="[^"]*">|<meta (?:name|property)="(?:robots|og:[a-z_:]+|twitter:[a-z:]+)" content="[^"]*">/g, '')
    .replace(/<script type="application\/ld\+json">.*?<\/script>/g, '');
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that shows the bytes as sent (fetch would decompress them and hide what went over the wire). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    http
      .get(h.baseUrl + url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('precompressed static assets', () => {
  test('a hashed bundle goes as the build-time brotli file when the browser accepts br, typed as JavaScript, cached for a year, Vary: Accept-Encoding', async () => {
    const res = await rawGet('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers['vary'], 'Accept-Encoding');
    assert.equal(res.headers['content-type'], 'text/javascript; charset=UTF-8');
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(brotliDecompressSync(res.body).toString(), BUNDLE);
  });

  test('a browser that accepts only gzip gets the .gz file with Content-Encoding: gzip', async () => {
    const res = await rawGet('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal(res.headers['vary'], 'Accept-Encoding');
    assert.equal(res.headers['content-type'], 'text/javascript; charset=UTF-8');
    assert.equal(gunzipSync(res.body).toString(), BUNDLE);
  });

  test('a client that accepts no encoding gets the plain file, still with Vary so a cache keeps the copies apart', async () => {
    const res = await rawGet('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.headers['vary'], 'Accept-Encoding');
    assert.equal(res.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(res.body.toString(), BUNDLE);
  });

  test('a missing hashed asset is a 404 for a script request, and index.html without a compressed encoding for a page request', async () => {
    const res = await rawGet('/assets/index-Gone0000.js', { 'accept-encoding': 'br', accept: 'application/javascript' });
    assert.equal(res.status, 404);
    assert.equal(res.headers['content-encoding'], undefined);
    // No page has that address either: the SPA's not-found page, with a 404.
    const page = await rawGet('/assets/index-Gone0000.js', { 'accept-encoding': 'br', accept: 'text/html' });
    assert.equal(page.status, 404);
    assert.equal(page.headers['content-encoding'], undefined);
    assert.equal(withoutPageHead(page.body.toString()), INDEX);
    assert.equal(titleOf(page.body.toString()), '404 Page Not Found | Kingdom Marketplace');
  });

  test('index.html (a client-side route) is revalidated every time: Cache-Control: no-cache', async () => {
    const res = await rawGet('/products', { accept: 'text/html', 'accept-encoding': 'br, gzip' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.match(res.headers['content-type']!, /^text\/html/);
    assert.equal(withoutPageHead(res.body.toString()), INDEX);
    assert.equal(titleOf(res.body.toString()), 'Shop products and services | Kingdom Marketplace');
  });

  test("a lazily loaded page's path gets index.html with its scripts announced as modulepreload links in the head; other paths get index.html as built", async () => {
    const links =
      '<link rel="modulepreload" crossorigin href="/assets/podcast-Ef56Gh78.js"><link rel="modulepreload" crossorigin href="/assets/tabs-Ij90Kl12.js">';
    for (const url of ['/podcast', '/podcast/', '/podcast?episode=3']) {
      const res = await rawGet(url, { accept: 'text/html' });
      assert.equal(res.status, 200, url);
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.equal(withoutPageHead(res.body.toString()), INDEX.replace('</head>', `${links}</head>`), url);
    }
    const other = await rawGet('/podcasts', { accept: 'text/html' });
    assert.equal(other.status, 404);
    assert.equal(withoutPageHead(other.body.toString()), INDEX);
  });

  test('a file outside /assets (no hash in its name) is served with Cache-Control: no-cache', async () => {
    const res = await rawGet('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.headers['content-type'], 'image/svg+xml');
    assert.equal(res.headers['content-encoding'], undefined);
  });
});

describe('compressed API JSON', () => {
  test('a JSON answer above 1 KB is compressed for a client that accepts gzip, and decodes to the same JSON', async () => {
    const res = await rawGet('/api/products', { 'accept-encoding': 'gzip' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.match(res.headers['vary']!, /Accept-Encoding/);
    assert.match(res.headers['content-type']!, /^application\/json/);
    const plain = await rawGet('/api/products', { 'accept-encoding': 'identity' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.body.length > 1024, `the demo product list is only ${plain.body.length} bytes`);
    assert.deepEqual(JSON.parse(gunzipSync(res.body).toString()), JSON.parse(plain.body.toString()));
  });

  test('brotli is used when the client accepts it', async () => {
    const res = await rawGet('/api/products', { 'accept-encoding': 'br' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    const plain = await rawGet('/api/products', { 'accept-encoding': 'identity' });
    assert.deepEqual(JSON.parse(brotliDecompressSync(res.body).toString()), JSON.parse(plain.body.toString()));
  });

  test('a JSON answer under 1 KB goes uncompressed', async () => {
    const res = await rawGet('/api/auth/me', { 'accept-encoding': 'gzip, br' });
    assert.ok(res.body.length < 1024);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(typeof JSON.parse(res.body.toString()), 'object');
  });
});
