// Throughput and latency of the store's paged product list through the whole system, next to a bare fastify server
// sending the same JSON on the same machine (the ceiling for this hardware).
//
//   npx tsx bench/catalog-list.ts
//
// One command: it builds, starts its own stack on shifted ports (KM_PORT_OFFSET, 500 by default; fresh data folder
// .data/dev-<offset>, removed at the end), adds 10,000 products with SQL, then runs autocannon against
// GET /api/products?page=N&pageSize=12&sort=featured with a random page per request, through the gateway and then
// against fastify. Loopback only. BENCH_SECONDS (10) and BENCH_CONNECTIONS (10) tune a run.
import { startBenchStack } from './stack';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

const ITEMS = 10_000;
const PAGE_SIZE = 12;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const FASTIFY_PORT_BASE = 3999;

process.env.KM_PORT_OFFSET ??= '500';
// The benchmark is one client address; the per-IP API budget must not be what it measures.
process.env.RATE_LIMIT_PER_MINUTE = '100000000';

const pathFor = (page: number) => `/api/products?page=${page}&pageSize=${PAGE_SIZE}&sort=featured`;

/** 10,000 products spread over the categories, about one in ten featured, reusing the demo images. */
async function addProducts(databaseUrl: string): Promise<number> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO catalog_items (kind, name, price, description, category, tags, image_key, in_stock, featured, created_at, updated_at)
       SELECT 'product',
              'Bench item ' || n,
              round((5 + (n * 7919) % 9500 / 100.0)::numeric, 2),
              'A generated product for the list benchmark, number ' || n || '.',
              (ARRAY['Books', 'Jewelry', 'Apparel', 'Home Decor', 'Gifts'])[1 + n % 5],
              ARRAY['bench', 'tag' || n % 20],
              (SELECT image_key FROM catalog_items WHERE kind = 'product' ORDER BY id LIMIT 1 OFFSET n % 20),
              n % 13 <> 0,
              n % 10 = 0,
              now() - n * interval '1 minute',
              now() - n * interval '1 minute'
       FROM generate_series(1, $1::int) AS n`,
      [ITEMS],
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

/** CPU seconds (user + system) each stack process has used so far; Postgres counts its backends too. Linux only. */
function cpuSeconds(pidFile: string): Record<string, number> {
  const ticks = (pid: string) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  const perSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString());
  const usage: Record<string, number> = {};
  for (const line of readFileSync(pidFile, 'utf8').trim().split('\n')) {
    const [pid, name] = line.split(' ');
    const children = name === 'postgres' ? execFileSync('ps', ['-o', 'pid=', '--ppid', pid]).toString().trim().split(/\s+/).filter(Boolean) : [];
    usage[name] = [pid, ...children].reduce((sum, p) => sum + ticks(p), 0) / perSecond;
  }
  return usage;
}

async function measure(name: string, baseUrl: string, pages: number): Promise<Figures> {
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pathFor(1 + Math.floor(Math.random() * pages)) }) }],
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

async function main() {
  const { settings, urls, stop } = await startBenchStack('dev');
  const fastify = Fastify();
  try {
    const total = await addProducts(urls.databaseUrl('catalog'));
    const pages = Math.ceil(total / PAGE_SIZE);
    const gatewayUrl = `http://127.0.0.1:${settings.ports.gateway}`;
    console.log(`━━ ${total} products, ${pages} pages of ${PAGE_SIZE}`);

    // The same JSON the gateway sends, page by page, held in memory by fastify.
    const bodies = new Map<number, string>();
    for (let page = 1; page <= pages; page++) {
      const res = await fetch(gatewayUrl + pathFor(page));
      if (!res.ok) throw new Error(`GET ${pathFor(page)} answered ${res.status}`);
      bodies.set(page, await res.text());
    }
    fastify.get('/api/products', async (req, reply) =>
      reply.type('application/json; charset=utf-8').send(bodies.get(Number((req.query as { page?: string }).page))),
    );
    const fastifyPort = FASTIFY_PORT_BASE + Number(process.env.KM_PORT_OFFSET);
    await fastify.listen({ port: fastifyPort, host: '127.0.0.1' });

    console.log(`━━ ${SECONDS} s each, ${CONNECTIONS} connections, a random page per request`);
    const pidFile = path.join(settings.dataDir, 'stack.pids');
    const cpuBefore = cpuSeconds(pidFile);
    const results = [await measure('gateway → NATS → catalog → Postgres', gatewayUrl, pages)];
    const cpuAfter = cpuSeconds(pidFile);
    results.push(await measure('plain fastify, same JSON from memory', `http://127.0.0.1:${fastifyPort}`, pages));
    const bytes = [...bodies.values()].reduce((sum, body) => sum + body.length, 0) / bodies.size;
    console.log(`\nGET /api/products?page=N&pageSize=${PAGE_SIZE}&sort=featured  (${total} products, ~${Math.round(bytes)} bytes per page)\n`);
    console.log(
      `${'server'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'requests'.padStart(9)} ${'non-2xx'.padStart(8)} ${'errors'.padStart(7)}`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(40)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.requests).padStart(9)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)}`,
      );
    }
    const perRequest = (name: string) => (((cpuAfter[name] ?? 0) - (cpuBefore[name] ?? 0)) * 1000) / results[0].requests;
    console.log(
      `\nCPU per gateway request (ms): ${['gateway', 'catalog', 'postgres', 'nats', 'redis'].map((n) => `${n} ${perRequest(n).toFixed(2)}`).join(', ')}`,
    );
    console.log(`load average during the run: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (${os.cpus().length} CPUs)`);
  } finally {
    await fastify.close();
    await stop();
  }
}

main().catch((error: Error) => {
  console.error(`\n✖ ${error.message}`);
  process.exit(1);
});
