// Throughput and latency of the store's paged product list through the whole system, next to a bare fastify server
// sending the same JSON on the same machine (the ceiling for this hardware).
//
//   npx tsx bench/catalog-list.ts
//
// One command: it builds, starts its own stack on shifted ports (KM_PORT_OFFSET, 500 by default; fresh data folder
// .data/dev-<offset>, removed at the end), adds 10,000 products with SQL (then tells the gateway to load its catalog
// copy again: SQL sends no event, ADR 0018), then runs autocannon against
// GET /api/products?page=N&pageSize=12&sort=featured with a random page per request, through the gateway and against
// fastify in turns (BENCH_ROUNDS each, 2); then cold queries (a search and filter nobody asked before, one per
// request). Then the same with 100,000 products. Last, a V8 CPU profile of the gateway (over its inspector) during 5
// more seconds of warm reads, printed by module and by function. Loopback only. BENCH_SECONDS (10 per server),
// BENCH_CONNECTIONS (10) and BENCH_SIZES (10000,100000) tune a run.
import { profileWhile, shareLine } from './gateway-profile';
import { cpuSeconds } from './proc';
import { startBenchStack } from './stack';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const PAGE_SIZE = 12;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const FASTIFY_PORT_BASE = 3999;
/** The gateway's inspector, for the CPU profile of its warm reads taken after the measured runs. */
const INSPECTOR_PORT_BASE = 9229;
const PROFILE_SECONDS = 5;

process.env.KM_PORT_OFFSET ??= '500';
// The benchmark is one client address; the per-IP API budget must not be what it measures.
process.env.RATE_LIMIT_PER_MINUTE = '100000000';

const pathFor = (page: number) => `/api/products?page=${page}&pageSize=${PAGE_SIZE}&sort=featured`;

/** `count` more products spread over the categories, about one in ten featured, reusing the demo images. */
async function addProducts(databaseUrl: string, count: number, from: number): Promise<number> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO catalog_items (kind, name, slug, price, description, category, tags, image_key, in_stock, featured, created_at, updated_at)
       SELECT 'product',
              'Bench item ' || n,
              'bench-item-' || n,
              round((5 + (n * 7919) % 9500 / 100.0)::numeric, 2),
              'A generated product for the list benchmark, number ' || n || '.',
              (ARRAY['Books', 'Jewelry', 'Apparel', 'Home Decor', 'Gifts'])[1 + n % 5],
              ARRAY['bench', 'tag' || n % 20],
              (SELECT image_key FROM catalog_items WHERE kind = 'product' ORDER BY id LIMIT 1 OFFSET n % 20),
              n % 13 <> 0,
              n % 10 = 0,
              now() - n * interval '1 minute',
              now() - n * interval '1 minute'
       FROM generate_series($2::int, $2::int + $1::int - 1) AS n`,
      [count, from],
    );
    // As autovacuum would soon after a bulk insert: fresh statistics and visibility map for the planner.
    await db.query('VACUUM ANALYZE catalog_items');
    const { rows } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM catalog_items WHERE kind = 'product'`);
    return rows[0].count;
  } finally {
    await db.end();
  }
}

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function measure(
  name: string,
  baseUrl: string,
  pages: number,
  path = () => pathFor(1 + Math.floor(Math.random() * pages)),
  seconds = SECONDS,
): Promise<Figures> {
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path() }) }],
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Rounds of equal length as one run: mean req/s and p50, the worst p99, the counts summed. */
function combine(rounds: Figures[]): Figures {
  const sum = (pick: (r: Figures) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  return {
    name: rounds[0].name,
    requestsPerSecond: sum((r) => r.requestsPerSecond) / rounds.length,
    p50: Math.round(sum((r) => r.p50) / rounds.length),
    p99: Math.max(...rounds.map((r) => r.p99)),
    requests: sum((r) => r.requests),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
  };
}

const CATEGORIES = ['Books', 'Jewelry', 'Apparel', 'Home Decor', 'Gifts'];
const SORTS = ['featured', 'newest', 'price-asc', 'price-desc', 'name'];
let coldQueries = 0;
/** A search and filter no one asked before: a new number to find, with a category and sort that vary. */
function coldPath(): string {
  const n = ++coldQueries;
  return `/api/products?q=${encodeURIComponent(`item ${(n * 7919) % 100_000}`)}&category=${encodeURIComponent(CATEGORIES[n % 5])}&sort=${SORTS[n % 5]}`;
}

/**
 * SQL sends no event: the gateway loads its copy again on SIGHUP (ADR 0018). Until that load is done it answers from
 * the catalog, so this waits for the gateway's log line saying the copy holds every product.
 */
async function reloadGateway(dataDir: string, total: number) {
  const gateway = readFileSync(path.join(dataDir, 'stack.pids'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' '))
    .find(([, name]) => name === 'gateway');
  if (!gateway) throw new Error("no gateway in the stack's pid file");
  const logFile = path.join(dataDir, 'logs', 'gateway.log');
  const loaded = () => readFileSync(logFile, 'utf8').split(`catalog copy loaded: ${total} products `).length - 1;
  const before = loaded();
  const started = Date.now();
  process.kill(Number(gateway[0]), 'SIGHUP');
  while (loaded() === before) {
    if (Date.now() - started > 120_000) throw new Error(`the gateway did not load ${total} products within 2 minutes`);
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log(`━━ the gateway's copy holds ${total} products (loaded in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

const row = (r: Figures) =>
  `${r.name.padEnd(40)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.requests).padStart(9)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)}`;
const loadAverage = () => `${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (${os.cpus().length} CPUs)`;

async function main() {
  const inspectorPort = INSPECTOR_PORT_BASE + Number(process.env.KM_PORT_OFFSET);
  const { settings, urls, stop } = await startBenchStack('dev', { gateway: { NODE_OPTIONS: `--inspect=127.0.0.1:${inspectorPort}` } });
  const fastify = Fastify();
  const goals: string[] = [];
  try {
    const gatewayUrl = `http://127.0.0.1:${settings.ports.gateway}`;
    const pidFile = path.join(settings.dataDir, 'stack.pids');
    // The same JSON the gateway sends, page by page, held in memory by fastify.
    const bodies = new Map<number, string>();
    fastify.get('/api/products', async (req, reply) =>
      reply.type('application/json; charset=utf-8').send(bodies.get(Number((req.query as { page?: string }).page))),
    );
    const fastifyPort = FASTIFY_PORT_BASE + Number(process.env.KM_PORT_OFFSET);
    await fastify.listen({ port: fastifyPort, host: '127.0.0.1' });

    let added = 0;
    for (const size of SIZES) {
      await addProducts(urls.databaseUrl('catalog'), size - added, added + 1);
      added = size;
      const db = new Client({ connectionString: urls.databaseUrl('catalog') });
      await db.connect();
      const total = (await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM catalog_items WHERE kind = 'product'`)).rows[0].count;
      await db.end();
      await reloadGateway(settings.dataDir, total);
      const pages = Math.ceil(total / PAGE_SIZE);
      const label = total.toLocaleString('en-US');
      console.log(`\n━━ ${total} products, ${pages} pages of ${PAGE_SIZE}`);

      bodies.clear();
      for (let page = 1; page <= pages; page++) {
        const res = await fetch(gatewayUrl + pathFor(page));
        if (!res.ok) throw new Error(`GET ${pathFor(page)} answered ${res.status}`);
        bodies.set(page, await res.text());
      }

      console.log(`━━ ${SECONDS} s per server in ${ROUNDS} turns, ${CONNECTIONS} connections, a random page per request; then a new search per request`);
      // Gateway and fastify take turns (ROUNDS each, SECONDS in all per server): on a machine others share, a burst of
      // their load then falls on both sides rather than on one.
      const rounds: Figures[][] = [[], []];
      let cpuUsed: Record<string, number> = {};
      for (let round = 0; round < ROUNDS; round++) {
        const cpuBefore = cpuSeconds(pidFile);
        rounds[0].push(await measure('gateway (catalog copy in memory)', gatewayUrl, pages, undefined, SECONDS / ROUNDS));
        const cpuAfter = cpuSeconds(pidFile);
        cpuUsed = Object.fromEntries(Object.keys(cpuAfter).map((name) => [name, (cpuUsed[name] ?? 0) + cpuAfter[name] - (cpuBefore[name] ?? 0)]));
        rounds[1].push(await measure('plain fastify, same JSON from memory', `http://127.0.0.1:${fastifyPort}`, pages, undefined, SECONDS / ROUNDS));
      }
      const results = rounds.map(combine);
      const cold = await measure('gateway, cold search + filter + sort', gatewayUrl, pages, coldPath);
      // After the measured runs: a profiler attached costs the gateway time of its own.
      const profile = await profileWhile(inspectorPort, async () => void (await measure('profile', gatewayUrl, pages, undefined, PROFILE_SECONDS)));
      const bytes = [...bodies.values()].reduce((sum, body) => sum + body.length, 0) / bodies.size;
      console.log(`\nGET /api/products?page=N&pageSize=${PAGE_SIZE}&sort=featured  (${total} products, ~${Math.round(bytes)} bytes per page)\n`);
      console.log(
        `${'server'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'requests'.padStart(9)} ${'non-2xx'.padStart(8)} ${'errors'.padStart(7)}`,
      );
      for (const r of [...results, cold]) console.log(row(r));
      // Postgres's backends come and go between readings; a sum of their deltas can dip a hair under zero.
      const perRequest = (name: string) => (Math.max(0, cpuUsed[name] ?? 0) * 1000) / results[0].requests;
      console.log(
        `\nCPU per gateway request (ms): ${['gateway', 'catalog', 'postgres', 'nats', 'redis'].map((n) => `${n} ${perRequest(n).toFixed(2)}`).join(', ')}`,
      );
      console.log(`load average during the run: ${loadAverage()}`);
      console.log(`gateway CPU profile of the warm list (${PROFILE_SECONDS} s, self time), by module: ${shareLine(profile.modules, 10)}`);
      console.log(`  by function: ${shareLine(profile.functions, 12)}`);
      if (results[0].non2xx + results[0].errors + cold.non2xx + cold.errors > 0) throw new Error('some requests failed; the figures do not count');
      const ratio = results[0].requestsPerSecond / results[1].requestsPerSecond;
      goals.push(
        `catalog warm list vs fastify (${label} items): ${ratio.toFixed(2)} (goal ≥ 0.5)`,
        ...(ratio < 0.5 ? [`  where the gateway's time goes (CPU profile, self time): ${shareLine(profile.modules, 6)}`] : []),
        `cold search p99 (${label} items): ${cold.p99} ms (goal ≤ 30 ms)`,
      );
    }
    console.log(`\nload average at the end: ${loadAverage()}`);
    for (const line of goals) console.log(line);
  } finally {
    await fastify.close();
    await stop();
  }
}

main().catch((error: Error) => {
  console.error(`\n✖ ${error.message}`);
  process.exit(1);
});
