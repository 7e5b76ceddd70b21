import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerSpa } from './spa';

// index.html's head as the web build leaves it: the session hint says "unknown" until the gateway knows better.
const INDEX = '<!doctype html><head><meta name="km-session" content="unknown" /><title>KM</title></head><div id="root"></div>';
const NO_SESSION = INDEX.replace('<meta name="km-session" content="unknown" />', '<meta name="km-session" content="none">');
const PRELOAD = '<link rel="modulepreload" crossorigin href="/assets/podcast-Ef56Gh78.js">';

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'km-spa-session-hint-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({
      '/podcast': ['/assets/podcast-Ef56Gh78.js'],
      '/products': ['/assets/products-Mn34Op56.js', '/api/products?sort=featured&page=1&pageSize=12'],
      '/products?kind=service': ['/assets/products-Mn34Op56.js', '/api/services?sort=featured&page=1&pageSize=12'],
    }),
  );
  app = Fastify();
  registerSpa(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

describe('the session hint in the served page', () => {
  test('a request without a session cookie gets content="none" (the SPA then does not ask /api/auth/me), on plain and preloading pages', async () => {
    const plain = await page('/contact', 'theme=dark');
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.body, NO_SESSION);
    assert.equal(plain.headers['vary'], 'Cookie');
    assert.equal(plain.headers['cache-control'], 'no-cache');
    const preloading = await page('/podcast');
    assert.equal(preloading.body, NO_SESSION.replace('</head>', `${PRELOAD}</head>`));
  });

  test('a request with a session cookie gets the page as built ("unknown": the SPA asks who is signed in)', async () => {
    for (const cookie of ['km_session=tok3n', 'theme=dark; km_session=tok3n', 'theme=dark;km_session=tok3n; other=1']) {
      const plain = await page('/admin', cookie);
      assert.equal(plain.body, INDEX, cookie);
      assert.equal(plain.headers['vary'], 'Cookie');
    }
    assert.equal((await page('/podcast', 'km_session=tok3n')).body, INDEX.replace('</head>', `${PRELOAD}</head>`));
  });

  test('an emptied session cookie (as logout leaves it) or a cookie merely ending in the name counts as no session', async () => {
    assert.equal((await page('/', 'km_session=')).body, NO_SESSION);
    assert.equal((await page('/', 'old_km_session=tok3n')).body, NO_SESSION);
  });
});

describe("a page's preloaded first read", () => {
  const script = '<link rel="modulepreload" crossorigin href="/assets/products-Mn34Op56.js">';
  const read = '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/products?sort=featured&page=1&pageSize=12">';

  test('the plain address gets its scripts as modulepreload and its API read as a fetch preload with credentials', async () => {
    for (const url of ['/products', '/products/']) {
      assert.equal((await page(url, 'km_session=tok3n')).body, INDEX.replace('</head>', `${script}${read}</head>`), url);
    }
    assert.equal((await page('/products')).body, NO_SESSION.replace('</head>', `${script}${read}</head>`));
  });

  test('an address with its own read listed (the services) gets that read; any other query string gets the scripts only', async () => {
    const services = '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/services?sort=featured&page=1&pageSize=12">';
    assert.equal((await page('/products?kind=service', 'km_session=tok3n')).body, INDEX.replace('</head>', `${script}${services}</head>`));
    for (const url of ['/products?page=2', '/products?kind=service&page=2', '/products/?q=bible']) {
      assert.equal((await page(url, 'km_session=tok3n')).body, INDEX.replace('</head>', `${script}</head>`), url);
    }
  });
});
