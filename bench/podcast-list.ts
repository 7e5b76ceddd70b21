// ADR 0011, "cost that grows gently", for the podcast list: the same reads of GET /api/podcast-episodes with 100,
// 1,000 and 10,000 episodes stored (1×, 10×, 100× a large real show), and how their cost grows.
//
//   KM_PORT_OFFSET=2000 npx tsx bench/podcast-list.ts
//
// One command: it builds what is not built, starts its own stack on shifted ports (fresh data folder, removed at the
// end), adds episodes with SQL into media's database (rows only: the list never reads the media), and for each size
// runs, with autocannon (BENCH_CONNECTIONS, 10 by default):
// - the first page (12, latest first: what /podcast asks), the first page of Most Popular, and a random page;
// - the whole list without paging (spec §7), whose work grows with the list: its cost is counted per episode.
// The cost is CPU time summed over the gateway, media, NATS and Postgres (with its backends) per request, read from
// /proc before and after each read, so the busy machine's other work does not count. A page's work is the same
// whatever the list's length, so its cost may grow at most 2× from 1× to 100×; the whole list's cost per episode
// likewise. Prints one `<name>: <value> (goal …)` line per figure.
import autocannon from 'autocannon';
import { Client } from 'pg';
import { cpuSeconds } from './proc';
import { startBenchStack } from './stack';

const SIZES = [100, 1_000, 10_000];
const PAGE_SIZE = 12;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Requests per paged read at each size; the whole list gets enough requests for 200,000 episodes' worth. */
const PAGED_REQUESTS = 3_000;
const LISTED_EPISODES = 200_000;
// The processes a list read goes through.
const PATH = ['gateway', 'media', 'nats', 'postgres'];

process.env.KM_PORT_OFFSET ??= '2000';

/** Adds episodes numbered after the ones there, with views spread so Most Popular has an order to keep. */
async function addEpisodes(db: Client, total: number): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT coalesce(max(episode_number), 0)::int AS n FROM podcast_episodes');
  const from = rows[0].n + 1;
  if (from > total) return;
  await db.query(
    `INSERT INTO podcast_episodes (title, episode_number, description, media_type, media_key, media_size, media_content_type, tags, duration, views, created_at)
     SELECT 'Bench episode ' || n, n, 'A generated episode for the list benchmark, number ' || n || '.', 'audio',
            'media/episodes/' || gen_random_uuid() || '.mp3', 1000000 + n, 'audio/mpeg', ARRAY['bench', 'tag' || n % 20],
            1800 + n % 1800, (n * 7919) % 100000, now() - (($2::int - n) * interval '1 day')
     FROM generate_series($1::int, $2::int) AS n`,
    [from, total],
  );
  // As autovacuum would soon after a bulk insert: fresh statistics and visibility map for the planner.
  await db.query('VACUUM ANALYZE podcast_episodes');
}

interface Read {
  name: string;
  /** CPU milliseconds per request over the processes on the read's path. */
  cpuPerRequest: number;
  requestsPerSecond: number;
  p99: number;
}

async function read(name: string, base: string, pidFile: string, amount: number, path: () => string, connections = CONNECTIONS): Promise<Read> {
  const before = cpuSeconds(pidFile);
  const result = await autocannon({
    url: base,
    connections,
    amount,
    // The whole list of 10,000 episodes is megabytes of JSON: seconds on a busy machine.
    timeout: 120,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path() }) }],
  });
  const after = cpuSeconds(pidFile);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    const statuses = JSON.stringify(result.statusCodeStats);
    throw new Error(`${name}: ${result.non2xx} non-2xx answers (${statuses}), ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  const cpu = PATH.reduce((sum, process) => sum + (after[process] - before[process]), 0);
  return { name, cpuPerRequest: (cpu * 1000) / result.requests.total, requestsPerSecond: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  // The benchmark is one client address; the per-address API budget must not be what it measures.
  const { base, urls, pidFile, stop } = await startBenchStack('test', { gateway: { RATE_LIMIT_PER_MINUTE: '100000000' } });
  const db = new Client({ connectionString: urls.databaseUrl('media') });
  await db.connect();
  const bySize = new Map<number, Map<string, Read>>();
  try {
    for (const size of SIZES) {
      await addEpisodes(db, size);
      const pages = Math.ceil(size / PAGE_SIZE);
      console.log(`━━ ${size.toLocaleString('en-US')} episodes`);
      // Warm-up, not counted: the services' code paths compiled and Postgres's pages cached, as in a running shop.
      await read('warm-up', base, pidFile, 500, () => `/api/podcast-episodes?page=${1 + Math.floor(Math.random() * pages)}&pageSize=${PAGE_SIZE}`);
      const reads = [
        await read('first page, latest', base, pidFile, PAGED_REQUESTS, () => `/api/podcast-episodes?page=1&pageSize=${PAGE_SIZE}&sort=latest`),
        await read('first page, most popular', base, pidFile, PAGED_REQUESTS, () => `/api/podcast-episodes?page=1&pageSize=${PAGE_SIZE}&sort=popular`),
        await read(
          'a random page, latest',
          base,
          pidFile,
          PAGED_REQUESTS,
          () => `/api/podcast-episodes?page=${1 + Math.floor(Math.random() * pages)}&pageSize=${PAGE_SIZE}&sort=latest`,
        ),
        await read('whole list', base, pidFile, Math.max(4, Math.round(LISTED_EPISODES / size)), () => '/api/podcast-episodes', 2),
      ];
      const whole = reads[3];
      reads.push({ ...whole, name: 'whole list, per episode', cpuPerRequest: whole.cpuPerRequest / size });
      for (const r of reads) {
        console.log(
          `  ${r.name.padEnd(26)} CPU ${r.cpuPerRequest.toFixed(3).padStart(8)} ms per ${r.name.endsWith('episode') ? 'episode' : 'request'}, ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s, p99 ${r.p99} ms`,
        );
      }
      bySize.set(size, new Map(reads.map((r) => [r.name, r])));
    }
    const [small, , large] = SIZES.map((size) => bySize.get(size)!);
    console.log('');
    for (const name of ['first page, latest', 'first page, most popular', 'a random page, latest', 'whole list, per episode']) {
      const growth = large.get(name)!.cpuPerRequest / small.get(name)!.cpuPerRequest;
      console.log(`podcast list ${name}: cost at 100× the episodes vs 1×: ${growth.toFixed(2)} (goal ≤ 2)`);
    }
  } finally {
    await db.end();
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
