// ADR 0024, "a page that loads in a blink": how much JavaScript the first page needs, Lighthouse on the store's
// pages with the desktop preset and the default mobile preset, and the team's rule that every page stays good on a
// phone: every page of the SPA under the mobile preset.
//
//   KM_PORT_OFFSET=17000 npx tsx bench/web.ts
//
// One command: it builds what is not built, starts its own stack with the demo catalog (startBenchStack, ports shifted
// by KM_PORT_OFFSET), and runs npm `lighthouse` in Debian's Chromium (/usr/bin/chromium, headless) once per page and
// preset: /, /products, /podcast and /checkout with one demo product in the cart (the cart lives in localStorage, put
// there first in the same browser profile, as the store's Add to Cart would). Chromium starts fresh for every run.
// Then, mobile only, every other page of the router (web/src/app/router.tsx) once each: the member dashboard signed
// in as a member (one joins Marketshare through the API first, paying with the emulator's test card) and signed out
// (its sign-in form), /admin signed in as the admin and signed out, /contact#prayer, the policy pages, /booking, a
// 404. The product detail dialog and the cart sheet have no address of their own: they are measured as Lighthouse
// timespans around the tap that opens them on /products (no LCP there: browsers stop LCP at the first input).
// The machine is shared, so the load average is printed before and after: Lighthouse's performance score and LCP
// are computed from the CPU time it observes, and a busy machine makes them pessimistic.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { STRIPE_EMULATOR } from '../tools/stack/infra';
import { startBenchStack } from './stack';
import { episodePath } from '@km/contracts/vocabulary';

const WEB_DIST = path.resolve(__dirname, '../web/dist');
const CART_STORAGE_KEY = 'kingdom-cart-storage';
const PAGES = ['/', '/products', '/podcast', '/checkout'] as const;
const DEMO_ADMIN = { username: 'admin', password: 'kingdom-admin-dev' };
const INITIAL_JS_GOAL_KB = 150;
// Every run's full Lighthouse report, to see where a page's time goes (opportunities, main-thread work, TBT).
const REPORTS = path.join(tmpdir(), 'km-bench-web');

interface Goals {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpSeconds: number;
  cls: number;
}
// The desktop goals; the team's mobile goal (performance ≥ 90, LCP ≤ 2.5 s) keeps the same bar elsewhere.
const PRESETS: Record<'desktop' | 'mobile', Goals> = {
  desktop: { performance: 95, accessibility: 95, bestPractices: 95, seo: 100, lcpSeconds: 1.0, cls: 0.05 },
  mobile: { performance: 90, accessibility: 95, bestPractices: 95, seo: 100, lcpSeconds: 2.5, cls: 0.05 },
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The entry chunk and every chunk it imports statically: what the browser must fetch before the first page runs. */
export function initialJsGzipped(distDir: string): { bytes: number; files: string[] } {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the web first (npm run build)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  entries.forEach(visit);
  const files = [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  // The .gz file the build wrote is what a gzip-only browser receives; gzip it here when the build made none.
  const bytes = files.reduce((sum, file) => {
    const full = path.join(distDir, file);
    return sum + (existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : gzipSync(readFileSync(full)).length);
  }, 0);
  return { bytes, files };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

interface PageResult {
  /** FCP, Speed Index, TBT: the other parts of the performance score, printed to explain it. */
  detail: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Lighthouse's SEO score; NaN for a timespan (it has none). */
  seo: number;
  lcpSeconds: number;
  cls: number;
}

type Page = import('puppeteer-core').Page;
/** Runs in the run's own browser profile before Lighthouse loads the page (a cart, a signed-in session). */
export type Prepare = (page: Page) => Promise<void>;

/** Puts a cart in the profile's localStorage, as the store's Add to Cart would. */
export const withCart =
  (base: string, cart: unknown): Prepare =>
  async (page) => {
    await page.goto(`${base}/`);
    await setLocalStorage(page, CART_STORAGE_KEY, JSON.stringify(cart));
  };

async function setLocalStorage(page: Page, key: string, value: string) {
  // Runs in the page; tools/ type-checks without the DOM library, hence globalThis.
  await page.evaluate((k, v) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(k, v), key, value);
}

/** A same-origin call from the page, as the SPA makes it (cookies set by the answer stay in the profile). */
async function pageFetch(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async (m, u, b) => {
      const res = await fetch(u, { method: m, credentials: 'include', headers: b === undefined ? {} : { 'Content-Type': 'application/json' }, body: b });
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
    },
    method,
    url,
    body === undefined ? undefined : JSON.stringify(body),
  );
}

/** Signs the profile in through the API, then opens `landing` once so the SPA keeps its user as after a real sign-in. */
const signedIn =
  (base: string, signIn: (page: Page) => Promise<void>, landing: string): Prepare =>
  async (page) => {
    await page.goto(`${base}/`);
    await signIn(page);
    // A picture Chrome defers (loading="lazy", out of view) can stay open as long as it likes: it is not the page loading.
    const pending = new Map<unknown, string>();
    page.on('request', (r) => r.resourceType() !== 'image' && pending.set(r, `${r.method()} ${r.url()}`));
    page.on('requestfinished', (r) => pending.delete(r));
    page.on('requestfailed', (r) => pending.delete(r));
    await page.goto(base + landing, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 }).catch((error: Error) => {
      // Puppeteer counts a deferred lazy picture as in flight (/admin, now and then, a catalog picture open for 30 s):
      // the sign-in is done, so only the page's other requests still open make this a failure.
      if (pending.size > 0) throw new Error(`${error.message} on ${landing}; still loading: ${[...pending.values()].join(', ')}`);
    });
  };

const asAdmin = (base: string) =>
  signedIn(
    base,
    async (page) => {
      const login = await pageFetch(page, 'POST', '/api/auth/login', DEMO_ADMIN);
      if (login.status !== 200) throw new Error(`admin login: ${login.status} ${JSON.stringify(login.json)}`);
    },
    '/admin',
  );

/** Joins Marketshare as a new member through the API (the emulator's test card pays), which signs the profile in. */
const asMember = (base: string, stripeApi: string) =>
  signedIn(
    base,
    async (page) => {
      const form = {
        firstName: 'Lydia',
        lastName: 'Thyatira',
        email: `bench.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`,
        phone: '',
        referralCode: '',
      };
      const payment = await pageFetch(page, 'POST', '/api/create-membership-payment', form);
      const { clientSecret, subscriptionId, customerId } = payment.json as { clientSecret: string; subscriptionId: string; customerId: string };
      if (payment.status !== 200 && payment.status !== 201) throw new Error(`membership payment: ${payment.status} ${JSON.stringify(payment.json)}`);
      const card =
        'payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242&payment_method_data[card][exp_month]=12&payment_method_data[card][exp_year]=2040&payment_method_data[card][cvc]=123';
      const confirm = await fetch(`${stripeApi}/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `key=${STRIPE_EMULATOR.publishableKey}&client_secret=${clientSecret}&${card}`,
      });
      if (!confirm.ok) throw new Error(`confirming the membership payment: ${confirm.status} ${await confirm.text()}`);
      const joined = await pageFetch(page, 'POST', '/api/memberships', { ...form, subscriptionId, customerId });
      if (joined.status !== 200 && joined.status !== 201) throw new Error(`joining Marketshare: ${joined.status} ${JSON.stringify(joined.json)}`);
    },
    '/member-dashboard',
  );

/** Lighthouse launches Chromium itself (chrome-launcher), so headless is asked for here. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/** A fresh Chromium, `prepare` run in its profile, then `run`; Chromium is stopped whatever happens. */
async function inFreshChromium<T>(prepare: Prepare | undefined, run: (port: number, page: () => Promise<Page>) => Promise<T>): Promise<T> {
  const puppeteer = await import('puppeteer-core');
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  let browser: import('puppeteer-core').Browser | undefined;
  const connect = async () => (browser ??= await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null }));
  try {
    if (prepare) {
      // Same profile, same origin: the page Lighthouse loads next finds what a returning visitor's browser holds.
      const page = await (await connect()).newPage();
      page.setDefaultTimeout(60_000); // a busy machine
      await prepare(page);
      await page.close();
    }
    return await run(chrome.port, async () => (await connect()).newPage());
  } finally {
    await browser?.disconnect();
    chrome.kill();
  }
}

function summarize(lhr: import('lighthouse').Result, name: string): PageResult {
  const { categories, audits } = lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${name}: ${lhr.runtimeError.message}`);
  // A navigation whose LCP could not be computed (NO_LCP when the load ran past Lighthouse's limit) is a failed
  // recording, tried again like the others.
  const lcpError = lhr.gatherMode === 'navigation' ? lhr.audits['largest-contentful-paint']?.errorMessage : undefined;
  if (lcpError) throw new Error(`Lighthouse on ${name}: ${lcpError} (${lhr.runWarnings.join(' ')})`);
  const file = path.join(REPORTS, `${name.replace(/\W+/g, '_')}.json`);
  writeFileSync(file, JSON.stringify(lhr));
  const ms = (id: string) => (audits[id]?.numericValue === undefined ? 'n/a' : `${Math.round(audits[id].numericValue)} ms`);
  const detail =
    lhr.gatherMode === 'timespan'
      ? `INP ${ms('interaction-to-next-paint')}, TBT ${ms('total-blocking-time')}; report ${file}`
      : `FCP ${ms('first-contentful-paint')}, Speed Index ${ms('speed-index')}, TBT ${ms('total-blocking-time')}; report ${file}`;
  return {
    detail,
    performance: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? NaN) * 100),
    bestPractices: Math.round((categories['best-practices']?.score ?? NaN) * 100),
    seo: Math.round((categories.seo?.score ?? NaN) * 100),
    lcpSeconds: (audits['largest-contentful-paint']?.numericValue ?? NaN) / 1000,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
  };
}

/**
 * Lighthouse's navigation of `url` in a fresh Chromium. `prepare` runs first in the same profile (and the profile's
 * storage is then kept): a cart, a session.
 */
export async function lighthouseRun(
  url: string,
  preset: 'desktop' | 'mobile',
  prepare?: Prepare,
  name = `${new URL(url).pathname} ${preset}`,
): Promise<PageResult> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  return inFreshChromium(prepare, async (port) => {
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        disableStorageReset: Boolean(prepare),
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return summarize(result.lhr, name);
  });
}

/**
 * A Lighthouse timespan (mobile preset) around `act` on `url`, once the page has loaded: what a tap that opens an
 * in-page dialog costs. Its performance score weighs TBT, INP and CLS; there is no LCP after an input.
 */
export async function lighthouseTimespan(url: string, act: (page: Page) => Promise<void>, prepare: Prepare | undefined, name: string): Promise<PageResult> {
  const { startTimespan } = await import('lighthouse');
  return inFreshChromium(prepare, async (_port, newPage) => {
    const page = await newPage();
    page.setDefaultTimeout(60_000);
    // Loaded and quiet: 'networkidle0' alone timed out on a busy machine (30 s).
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 });
    const { endTimespan } = await startTimespan(page as never, {
      flags: { onlyCategories: ['performance', 'accessibility', 'best-practices'], disableStorageReset: true, logLevel: 'error' },
    });
    await act(page);
    const result = await endTimespan();
    if (!result) throw new Error(`Lighthouse returned nothing for ${name}`);
    return summarize(result.lhr, name);
  });
}

/**
 * Lighthouse sometimes fails to record its trace on a busy machine (NO_NAVSTART, NO_FCP): the page was fine, the
 * recording was not. Such a run is tried again (in a fresh Chromium), at most twice, and says so.
 */
async function withRetries(name: string, run: () => Promise<PageResult>): Promise<PageResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT|TimeoutError/.test(String(error))) throw error;
      console.log(`  (${name}: ${(error as Error).message}; trying again)`);
    }
  }
}

async function main() {
  process.env.KM_PORT_OFFSET ??= '530';
  // `npx tsx bench/web.ts [pattern]`: only the pages whose label matches (e.g. 'admin|member'), to look at a few.
  const only = process.argv[2] ? new RegExp(process.argv[2]) : undefined;
  const wanted = (label: string) => !only || only.test(label);
  mkdirSync(REPORTS, { recursive: true });
  const stack = await startBenchStack('dev');
  const lines: string[] = [];
  try {
    const initial = initialJsGzipped(WEB_DIST);
    lines.push(`initial JS gzipped: ${(initial.bytes / 1024).toFixed(1)} KB (goal ≤ ${INITIAL_JS_GOAL_KB} KB)`);
    console.log(`━━ initial JS: ${initial.files.join(', ')}`);

    const products = (await (await fetch(`${stack.base}/api/products`)).json()) as {
      id: string;
      name: string;
      slug: string;
      price: string;
      imageUrl?: string | null;
    }[];
    const product = products[0];
    if (!product) throw new Error('the demo catalog has no product to put in the cart');
    const latest = (
      (await (await fetch(`${stack.base}/api/podcast-episodes?page=1&pageSize=1`)).json()) as { items: { id: string; episodeNumber: number; title: string }[] }
    ).items[0];
    if (!latest) throw new Error('the demo podcast has no episode to open its own page');
    const cart = { items: [{ productId: product.id, name: product.name, price: product.price, imageUrl: product.imageUrl ?? '', quantity: 1 }] };

    const base = stack.base;
    const inCart = withCart(base, cart);
    const before = load();
    console.log(`━━ Lighthouse ${PAGES.length} pages × desktop and mobile; load average before: ${before}`);
    const mobile = new Map<string, PageResult>();
    for (const preset of ['desktop', 'mobile'] as const) {
      const goals = PRESETS[preset];
      for (const page of PAGES.filter(wanted)) {
        const name = `${page} ${preset}`;
        const r = await withRetries(name, () => lighthouseRun(base + page, preset, page === '/checkout' ? inCart : undefined, name));
        if (preset === 'mobile') mobile.set(page === '/checkout' ? '/checkout (with a cart)' : page, r);
        const figures = [
          `${name} performance: ${r.performance} (goal ≥ ${goals.performance})`,
          `${name} accessibility: ${r.accessibility} (goal ≥ ${goals.accessibility})`,
          `${name} best practices: ${r.bestPractices} (goal ≥ ${goals.bestPractices})`,
          `${name} SEO: ${r.seo} (goal ${goals.seo}${page === '/checkout' ? '; private, noindex by design' : ''})`,
          `${name} LCP: ${r.lcpSeconds.toFixed(2)} s (goal ≤ ${goals.lcpSeconds.toFixed(1)} s)`,
          `${name} CLS: ${r.cls.toFixed(3)} (goal ≤ ${goals.cls})`,
        ];
        figures.forEach((line) => console.log(`  ${line}`));
        console.log(`  (${r.detail})`);
        lines.push(...figures);
      }
    }

    // Every other page of the router, mobile preset only (the four above are not run twice).
    const openFirstCard = async (page: Page) => {
      await page.click('[aria-label="Products"] [aria-haspopup="dialog"]');
      await page.waitForSelector('[role="dialog"] img', { visible: true });
      await page.waitForNetworkIdle({ idleTime: 500 });
    };
    const openCart = async (page: Page) => {
      await page.click('[aria-label="Open cart"]');
      await page.waitForSelector('[role="dialog"]', { visible: true });
      await page.waitForNetworkIdle({ idleTime: 500 });
    };
    const member = asMember(base, stack.urls.stripeApi);
    const admin = asAdmin(base);
    const others: { label: string; run: (name: string) => Promise<PageResult> }[] = [
      { label: '/products (product detail dialog)', run: (name) => lighthouseTimespan(`${base}/products`, openFirstCard, undefined, name) },
      { label: '/products (cart sheet with a cart)', run: (name) => lighthouseTimespan(`${base}/products`, openCart, inCart, name) },
      ...(
        [
          [`/products/${product.slug} (a product's own page)`, undefined],
          [`${episodePath(latest)}?t=30 (an episode's own page from a shared link)`, undefined],
          [`/embed/episodes/${latest.id} (an episode's player embedded on another site, ADR 0069)`, undefined],
          ['/products?kind=service', undefined],
          ['/checkout/success', inCart],
          ['/marketshare', undefined],
          ['/member-dashboard (signed in as a member)', member],
          ['/member-dashboard (signed out: member sign-in)', undefined],
          ['/member-dashboard/invoices/in_bench (a receipt page: not this member’s invoice, so not found)', member],
          ['/member-dashboard/statement (a member’s yearly earnings statement)', member],
          ['/orders (order lookup form)', undefined],
          ['/orders/KM-AAAAAAAA (an order page without its link: find your order)', undefined],
          ['/publishing', undefined],
          ['/contact', undefined],
          ['/contact#prayer', undefined],
          ['/prayer', undefined],
          ['/prayer/mine (a link without its token)', undefined],
          ['/admin (signed in as admin)', admin],
          ['/admin (signed out: admin sign-in)', undefined],
          ['/admin?tab=analytics (podcast analytics, signed in as admin)', admin],
          ['/admin/earnings-statement?member=00000000-0000-4000-8000-000000000000 (a statement, signed in as admin: no such member)', admin],
          ['/privacy', undefined],
          ['/terms', undefined],
          ['/refunds', undefined],
          ['/verify-email (a link without its token)', undefined],
          ['/staff-invitation (a link without its token)', undefined],
          ['/booking', undefined],
          ['/no-such-page (404)', undefined],
        ] as const
      ).map(([label, prepare]) => ({
        label,
        run: (name: string) => lighthouseRun(base + label.split(' ')[0], 'mobile', prepare, name),
      })),
    ];
    console.log(`━━ Lighthouse mobile on ${others.length} more pages`);
    const failed: string[] = [];
    for (const { label, run } of others.filter(({ label }) => wanted(label))) {
      try {
        const r = await withRetries(label, () => run(`${label} mobile`));
        console.log(`  ${label}: performance ${r.performance}, SEO ${r.seo}, LCP ${r.lcpSeconds.toFixed(2)} s, CLS ${r.cls.toFixed(3)} (${r.detail})`);
        mobile.set(label, r);
      } catch (error) {
        // One page that cannot be measured (its sign-in failed, say) should not cost the figures of the others.
        console.log(`  ${label}: not measured: ${(error as Error).message}`);
        failed.push(`mobile ${label}: not measured (${(error as Error).message.split('\n')[0]})`);
      }
    }
    const goals = PRESETS.mobile;
    for (const [label, r] of mobile) {
      lines.push(
        `mobile ${label} performance: ${r.performance} (goal ≥ ${goals.performance})`,
        Number.isNaN(r.lcpSeconds)
          ? `mobile ${label} LCP: n/a (a tap opens it; browsers stop LCP at the first input)`
          : `mobile ${label} LCP: ${r.lcpSeconds.toFixed(2)} s (goal ≤ ${goals.lcpSeconds.toFixed(1)} s)`,
        `mobile ${label} CLS: ${r.cls.toFixed(3)} (goal ≤ ${goals.cls})`,
        `mobile ${label} best practices: ${Number.isNaN(r.bestPractices) ? 'n/a' : r.bestPractices} (goal ≥ ${goals.bestPractices})`,
        `mobile ${label} SEO: ${Number.isNaN(r.seo) ? 'n/a (a timespan has no SEO audit)' : r.seo} (goal ${goals.seo} on pages meant to be found; private pages are noindex by design)`,
      );
    }
    lines.push(...failed);
    console.log(`\n━━ load average before the Lighthouse runs: ${before}; after: ${load()} (2 cores; a busy machine lowers performance and raises LCP)\n`);
    lines.forEach((line) => console.log(line));
  } finally {
    await stack.stop();
  }
}

// Run as a script; imported (for one page's Lighthouse run while profiling), it starts nothing.
if (require.main === module)
  main().catch((error: Error) => {
    console.error(`\n✖ ${error.stack ?? error.message}`);
    process.exit(1);
  });
