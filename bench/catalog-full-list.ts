// The plain product list of spec §7 (GET /api/products, no query) at 100,000 products: how long the whole answer
// takes and how much the gateway's memory grows while it streams it.
//
//   npx tsx bench/catalog-full-list.ts
//
// One command: it builds, starts its own stack on shifted ports (KM_PORT_OFFSET, 510 by default; fresh data folder
// .data/dev-<offset>, removed at the end), fills the catalog up to 100,000 products with one INSERT … SELECT
// generate_series, then fetches the list BENCH_RUNS (3) times, checking each answer parses to 100,000 products.
// It prints the slowest run and the largest growth of the gateway's resident memory (sampled every 10 ms during
// each run, against its RSS just before the first).
import { startBenchStack } from './stack';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';

const ITEMS = 100_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL_MS = 3000;
const GOAL_MB = 64;

process.env.KM_PORT_OFFSET ??= '510';

/** Tops the catalog up to exactly ITEMS products (the demo seed made a few), reusing the demo images. */
async function fillCatalog(databaseUrl: string): Promise<number> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows: existing } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM catalog_items WHERE kind = 'product'`);
    // A bulk load as one would do it: the trigram indexes are rebuilt once afterwards instead of updated 100,000
    // times (that alone takes minutes here). Their definitions are read back so they come back exactly as migrated.
    const { rows: trigram } = await db.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'catalog_items' AND indexdef LIKE '%gin_trgm_ops%'`,
    );
    for (const index of trigram) await db.query(`DROP INDEX ${index.name}`);
    await db.query(
      `WITH images AS (SELECT array_agg(image_key ORDER BY id) AS keys FROM catalog_items WHERE kind = 'product' AND image_key IS NOT NULL)
       INSERT INTO catalog_items (kind, name, slug, price, description, category, tags, image_key, in_stock, featured, created_at, updated_at)
       SELECT 'product',
              'Bench item ' || n,
              'bench-item-' || n,
              round((5 + (n * 7919) % 9500 / 100.0)::numeric, 2),
              'A generated product for the full list benchmark, number ' || n || '.',
              (ARRAY['Books', 'Jewelry', 'Apparel', 'Home Decor', 'Gifts'])[1 + n % 5],
              ARRAY['bench', 'tag' || n % 20],
              images.keys[1 + n % greatest(cardinality(images.keys), 1)],
              n % 13 <> 0,
              n % 10 = 0,
              now() - n * interval '1 second',
              now() - n * interval '1 second'
       FROM generate_series(1, $1::int) AS n, images`,
      [ITEMS - existing[0].count],
    );
    for (const index of trigram) await db.query(index.def);
    // As autovacuum would soon after a bulk insert: fresh statistics and visibility map for the planner.
    await db.query('VACUUM ANALYZE catalog_items');
    const { rows } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM catalog_items WHERE kind = 'product'`);
    return rows[0].count;
  } finally {
    await db.end();
  }
}

function gatewayPid(pidFile: string): string {
  const line = readFileSync(pidFile, 'utf8')
    .trim()
    .split('\n')
    .find((l) => l.endsWith(' gateway'));
  if (!line) throw new Error('the gateway is not in the stack pid file');
  return line.split(' ')[0];
}

/** Resident memory of a process in bytes (Linux). */
const rssOf = (pid: string) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

async function fetchList(url: string, pid: string): Promise<{ ms: number; peakRss: number; bytes: number }> {
  let peakRss = rssOf(pid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(pid))), 10);
  const started = performance.now();
  try {
    const res = await fetch(url);
    if (res.status !== 200) throw new Error(`GET /api/products answered ${res.status}: ${await res.text()}`);
    const text = await res.text();
    const ms = performance.now() - started;
    const items = JSON.parse(text) as { id: string }[];
    if (!Array.isArray(items) || items.length !== ITEMS)
      throw new Error(`expected ${ITEMS} products, got ${Array.isArray(items) ? items.length : typeof items}`);
    if (new Set(items.map((item) => item.id)).size !== ITEMS) throw new Error('some product came twice');
    return { ms, peakRss: Math.max(peakRss, rssOf(pid)), bytes: text.length };
  } finally {
    clearInterval(sampler);
  }
}

async function main() {
  const { settings, urls, pidFile, stop } = await startBenchStack('dev');
  try {
    const total = await fillCatalog(urls.databaseUrl('catalog'));
    if (total !== ITEMS) throw new Error(`the catalog holds ${total} products, not ${ITEMS}`);
    const url = `http://127.0.0.1:${settings.ports.gateway}/api/products`;
    const pid = gatewayPid(pidFile);
    // One small request so the gateway's routes and connections are warm, as in service.
    await fetch(`${url}?pageSize=1`);
    const baseline = rssOf(pid);
    console.log(`━━ ${total} products; gateway RSS before: ${(baseline / 2 ** 20).toFixed(1)} MB; ${RUNS} runs`);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await fetchList(url, pid);
      console.log(
        `run ${i + 1}: ${run.ms.toFixed(0)} ms, ${(run.bytes / 2 ** 20).toFixed(1)} MB of JSON, gateway RSS peak ${(run.peakRss / 2 ** 20).toFixed(1)} MB`,
      );
      runs.push(run);
    }
    const slowest = Math.max(...runs.map((r) => r.ms));
    const growth = (Math.max(...runs.map((r) => r.peakRss)) - baseline) / 2 ** 20;
    console.log(`\nfull list 100k time: ${slowest.toFixed(0)} ms (goal ≤ ${GOAL_MS} ms)`);
    console.log(`full list 100k gateway RSS growth: ${growth.toFixed(1)} MB (goal ≤ ${GOAL_MB} MB)`);
  } finally {
    await stop();
  }
}

main().catch((error: Error) => {
  console.error(`\n✖ ${error.message}`);
  process.exit(1);
});
