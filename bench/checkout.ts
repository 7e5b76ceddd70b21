// Checkout under load: `KM_PORT_OFFSET=820 npx tsx bench/checkout.ts [checkouts=300] [concurrency=20] [seconds=90]`
//
// Starts a throw-away test-profile stack on loopback (ports shifted by KM_PORT_OFFSET, data in .data/test-<offset>),
// Stripe emulator included, then runs checkouts the way the checkout page does: create-payment-intent, then
// POST /api/orders sent twice at once (a double click), `concurrency` checkouts in flight. Prints orders/s and
// p50/p99 latencies, and checks the orders database: exactly one order per payment intent, none missing.
// Before that, in the same run, it measures the Stripe emulator's own ceiling for the Stripe calls one checkout makes
// (a PaymentIntent create, then a retrieve), with the same number in flight, through the same `stripe` SDK; and while
// the checkouts run, the CPU each process of the stack spends per checkout (where a checkout's time goes), and the
// round trips one checkout makes (NATS messages, orders transactions, Stripe calls). Then the cost that grows gently:
// the same checkouts with 1,000, 10,000 and 100,000 orders already stored, and how the cost per checkout grows.
// `--cpu-prof` adds V8 profiles of gateway, orders and catalog (bench/cpu-profiler.cjs) and splits their CPU by package;
// Postgres's statements per checkout come from pg_stat_statements in every run. It ends with the goal lines and where
// the milliseconds go.
//
// The profile (2 cores shared with three other engineers' test runs, so each figure is a range over runs;
// per checkout, warm). Earlier on this issue: a double click's second post answered by the gateway (NATS messages
// 11 → 9), the order's Stripe read before the intent's lock, plain SQL for the order and catalog's get-many.
// - main before this branch (2 runs, load 5–6): 61–85 orders/s, ratio to the emulator 0.10–0.14, p99 369–487 ms; CPU
//   17.2–19.3 ms: orders 5.5–6.5, gateway 3.8–4.5, catalog 2.1–3.0, Postgres 2.0–2.1, emulator 1.5–1.6, NATS 1.2–1.3;
//   NATS messages 9.
// - Orders prices from its own copy of the catalog's prices and stock (ADR 0022): the two get-many round trips per
//   checkout are gone: NATS messages 9 → 5, catalog 2.1–3.0 → 0–0.5 ms (its idle work), total 11.3–15.0 ms (2 runs).
// - The gateway's checkout limit decided in memory and shared through Redis in batches (ADR 0012's address budget):
//   its Redis round trip on every checkout request (ioredis and the socket write under it) was 28 % of the gateway's
//   samples; gateway 3.4–4.4 → 3.0–3.1 ms, total 10.7–10.8 ms, 96–140 orders/s, p99 200–318 ms (2 runs, load 5–6).
//   This is why a checkout request cost the gateway ~1.3 ms against ~0.1 ms for a warm catalog read: the read is
//   answered from ready bytes in an onRequest hook; a checkout request also runs fastify's other hooks, Nest's router,
//   guard, zod pipe and interceptors (~0.5 ms), one NATS request to orders (~0.4 ms, most of it the socket write) and,
//   until now, the Redis round trip (~0.4 ms; per request, from main's profile of 4.5 ms for three requests).
// - The order, its lines and its placed event in one statement: the order transaction 7 → 5 statements (Postgres's
//   execution time for them 0.34–0.39 → 0.28–0.40 ms); orders' CPU 4.7 / 4.7 against 5.3 / 4.5 without it, run in
//   alternation at load 10–12: smaller than the noise, kept for the two round trips the profile prices at ~0.1 ms each.
// - The kit's RpcClient asks through nats.js's request/reply (one reply inbox per connection): Nest's client subscribed
//   and unsubscribed an inbox per request. Total 12.1–14.7 ms at load 6–9.5 (2 runs): not resolvable in this noise.
// - Before ADR 0025 (all of the above; 9 runs at load 5–12): CPU 10.5–15.2 ms per checkout (the top of the range in
//   --cpu-prof runs, whose profiler costs its own; 7.9–11.2 in the growth runs): orders 4.0–5.7, gateway 3.0–4.7,
//   Postgres 1.1–1.7, emulator 1.1–1.6, NATS 0.7–0.9; 45–140 orders/s, ratio to the emulator 0.14–0.28, p99
//   200–1199 ms. Over a third of orders' and a quarter of the gateway's samples were socket writes (loopback TCP runs
//   the receiver's network stack in the writer's syscall) to NATS and Postgres, then the frameworks per message.
// - An order placed in one statement (ADR 0025): the order's five round trips to Postgres (begin, the intent's lock,
//   the checks under it, the insert, commit) and the lookup before them are one call of the SQL function
//   `place_order`, which takes the same lock and makes the same checks. Postgres statements per new order 6 → 1,
//   "orders transactions" 2.8 → 1.2–1.3 per checkout (the rest are the relay's and idle services').
// - After it (4 runs at load 2.5–6, the same day, 300 or 1,000 checkouts, 100 warm-up): CPU 7.9–8.5 ms per
//   checkout in the main runs (11.6 with --cpu-prof), 5.6–8.8 in the growth runs: orders 2.9–3.2, gateway 2.4–2.8,
//   emulator 1.0–1.2, Postgres 0.7, NATS 0.7; 122–162 orders/s in the main runs, following the machine's load; p99
//   200–428 ms; no duplicates. At load 1 the main run made 210 orders/s at 7.0 ms and the growth runs after it
//   269–278 at 5.2–5.6: the warm-up was too short, now 1,000 checkouts.
// - Now (1,000 warm-up, 1,000 measured, load 1.7–2.7): 259 orders/s, p99 124 ms, 5.7 ms of CPU per checkout
//   (orders 2.0, gateway 1.6, emulator 0.8, Postgres 0.7, NATS 0.6); growth runs 260–304 orders/s at 4.9–5.8 ms;
//   ratio to the emulator 0.27 (its ceiling 964/s); no duplicates. Under the load of other engineers' runs (load 5+)
//   the same stack makes half that: every process shares the two cores.
// - The ratio of 0.5 to the emulator stays unmet: it needs the whole checkout at ≤ 2 × the emulator's own ~0.8 ms of
//   CPU, about what the gateway alone spends on a checkout's three HTTP requests. What a checkout costs is now the
//   hops themselves: three HTTP requests to the gateway, two NATS requests to orders and their replies, two Stripe
//   calls, one statement and a share of the relay's, each a socket write on both sides (loopback TCP runs the
//   receiver's network stack in the writer's syscall). Not reachable with a gateway, a bus and a service between the
//   buyer and the emulator while they share its cores. The bench prints these bounds from each run's own figures.
// - Stock tracked (ADR 0032; 1 run at load 13–20, forms and membership crash-looping on ports another stack held):
//   51.4 orders/s, p99 718 ms, 14.0 ms of CPU per checkout (catalog 3.1: the reservation's transaction, its
//   stock-changed events and the gateway's refresh of each; NATS messages 5 → 12.9). The same run, alternating 300
//   checkouts each: untracked 56.7 / 66.9 orders/s at 13.7 / 12.5 ms, tracked 46.8 / 78.7 at 17.8 / 13.2 ms: throughput
//   ratio 1.02 within this noise, CPU per checkout about +2.4 ms (+18 %). "Untracked" still asks the catalog to reserve
//   (it holds nothing): the saving left is skipping that request when no line is tracked.
import { profileShares } from './cpu-profile';
import { cpuSeconds } from './proc';
import { startBenchStack } from './stack';
import { STRIPE_EMULATOR } from '../tools/stack/infra';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import Stripe from 'stripe';

const args = process.argv.slice(2);
const [checkouts = 300, concurrency = 20, seconds = 90] = args.filter((a) => !a.startsWith('--')).map(Number);
/** `--cpu-prof`: V8 CPU profiles of these services during the main run, summarized per package (bench/cpu-profile.ts). */
const PROFILED = args.includes('--cpu-prof') ? ['gateway', 'orders', 'catalog'] : [];
/** Orders already stored for each run of the growth phase (1×, 10×, 100×), and the checkouts each run makes. */
const GROWTH_ORDERS = [1_000, 10_000, 100_000];
const GROWTH_CHECKOUTS = 200;
/**
 * Checkouts run before the measured ones, to measure the services warm. With 100 the main run cost 7.0 ms per checkout
 * and the growth runs after it 5.2–5.6 (same run, load 1): JIT and pools settle over the first ~1,000 checkouts.
 */
const WARM_UP_CHECKOUTS = 1000;
/** Checkouts of each run of the stock comparison (ADR 0032): tracked and untracked alternate, twice each. */
const STOCK_COMPARE_CHECKOUTS = 300;
/** Units each product holds while tracked: more than every run together can reserve (orders here are never paid). */
const BENCH_STOCK = 1_000_000;

interface Product {
  id: string;
  price: string;
  inStock: boolean;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const summary = (name: string, ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `${name.padEnd(26)} n=${String(sorted.length).padStart(4)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms`;
};

/** The emulator alone: `n` checkouts' Stripe calls (create with an idempotency key, then retrieve), `concurrency` at once. */
async function stripeCeiling(stripeApi: string, n: number): Promise<{ perSecond: number; p99: number }> {
  const url = new URL(stripeApi);
  const stripe = new Stripe(STRIPE_EMULATOR.secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
  const ms: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < n) {
        const started = performance.now();
        const intent = await stripe.paymentIntents.create(
          { amount: 4242, currency: 'usd', automatic_payment_methods: { enabled: true }, metadata: { km_source: 'orders', cart_fingerprint: 'bench' } },
          { idempotencyKey: `bench-${randomUUID()}` },
        );
        await stripe.paymentIntents.retrieve(intent.id);
        ms.push(performance.now() - started);
      }
    }),
  );
  const sorted = ms.sort((a, b) => a - b);
  return { perSecond: n / ((performance.now() - t0) / 1000), p99: percentile(sorted, 99) };
}

/**
 * Waits until the emulator has delivered the webhooks of every event so far (each payment intent it made fires
 * payment_intent.created to both endpoints), so the ceiling's deliveries are not counted against the checkouts.
 */
async function webhooksSettled(stripeApi: string): Promise<void> {
  const url = new URL(stripeApi);
  const stripe = new Stripe(STRIPE_EMULATOR.secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http' });
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const { data } = await stripe.events.list({ limit: 100 });
    if (data.every((e) => e.pending_webhooks === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Round trips so far: NATS messages into the server, committed orders transactions, Stripe API calls by kind. */
async function roundTrips(natsMonitor: number, orders: Client, stripeLog: string): Promise<Record<string, number>> {
  const varz = (await (await fetch(`http://127.0.0.1:${natsMonitor}/varz`)).json()) as { in_msgs: number };
  const {
    rows: [{ n: commits }],
  } = await orders.query('SELECT xact_commit::int AS n FROM pg_stat_database WHERE datname = current_database()');
  const calls = readFileSync(stripeLog, 'utf8').split('\n');
  const count = (pattern: RegExp) => calls.filter((line) => pattern.test(line)).length;
  return {
    'NATS messages': varz.in_msgs,
    'orders transactions': commits,
    'Stripe PaymentIntent creates': count(/ POST \/v1\/payment_intents /),
    'Stripe PaymentIntent retrieves': count(/ GET \/v1\/payment_intents\//),
    'Stripe PaymentIntent updates': count(/ POST \/v1\/payment_intents\/pi_/),
  };
}

/** Brings the orders table to `n` rows (with one line each), as if that many buyers had checked out before. */
async function storeOrders(orders: Client, n: number): Promise<void> {
  const {
    rows: [{ have }],
  } = await orders.query('SELECT count(*)::int AS have FROM orders');
  if (have >= n) return;
  await orders.query(
    `WITH made AS (
       INSERT INTO orders (order_number, payment_intent_id, status, customer_email, customer_name, shipping_address, billing_address,
                           subtotal, tax, shipping, total, member_discount, cart_fingerprint)
       SELECT 'KM-' || lpad(upper(to_hex(i)), 8, '0'), 'pi_stored_' || i, 'paid', 'stored-' || i || '@example.com', 'Stored Buyer',
              '1 Loopback Lane', '1 Loopback Lane', 10.00, 0.80, 9.99, 20.79, 0, 'stored'
       FROM generate_series($1::int, $2::int) AS i
       ON CONFLICT DO NOTHING
       RETURNING id)
     INSERT INTO order_lines (order_id, position, product_id, product_name, unit_price, quantity, line_total)
     SELECT id, 0, gen_random_uuid(), 'Stored product', 10.00, 1, 10.00 FROM made`,
    [have + 1, n],
  );
  await orders.query('ANALYZE orders; ANALYZE order_lines');
}

const loadAverage = () => `${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (${os.cpus().length} CPUs)`;

async function main() {
  // Every request comes from one address, at hundreds a second: the per-address limits would measure themselves.
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'km-checkout-profile-'));
  const profiled = Object.fromEntries(
    PROFILED.map((name) => [
      name,
      { NODE_OPTIONS: `--require ${path.join(__dirname, 'cpu-profiler.cjs')}`, KM_CPU_PROFILE: path.join(profileDir, `${name}.cpuprofile`) },
    ]),
  );
  const { base, urls, stop, settings } = await startBenchStack('test', {
    ...profiled,
    gateway: { ...profiled.gateway, RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000000' },
  });
  try {
    const emulatorCpu = () => cpuSeconds(path.join(settings.dataDir, 'stack.pids')).stripe ?? 0;
    const emulatorBefore = emulatorCpu();
    const ceiling = await stripeCeiling(urls.stripeApi, checkouts);
    /** The emulator's own CPU for one checkout's Stripe calls, at its ceiling (ms). */
    const emulatorMs = ((emulatorCpu() - emulatorBefore) * 1000) / checkouts;
    console.log(
      `Stripe emulator alone: ${ceiling.perSecond.toFixed(1)} checkouts' Stripe calls/s (create + retrieve, ${concurrency} in flight), p99 ${ceiling.p99.toFixed(1)} ms`,
    );
    await webhooksSettled(urls.stripeApi);
    console.log(`load average: ${loadAverage()}\n`);
    const products = ((await (await fetch(`${base}/api/products`)).json()) as Product[]).filter((p) => p.inStock);
    if (products.length === 0) throw new Error('the catalog has no product in stock to buy');

    const post = async (url: string, body: unknown) => {
      const started = performance.now();
      const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await res.json()) as Record<string, any>;
      return { status: res.status, body: json, ms: performance.now() - started };
    };
    const failures = new Map<string, number>();
    const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
    const placed = new Map<string, string>(); // paymentIntentId → orderNumber, over every run
    const pidFile = path.join(settings.dataDir, 'stack.pids');

    /** `n` checkouts, `concurrency` in flight: latencies, orders/s and the CPU each process spent per checkout. */
    const runCheckouts = async (n: number) => {
      const latency = { intent: [] as number[], order: [] as number[], checkout: [] as number[] };
      let started = 0;
      let completed = 0;
      const deadline = performance.now() + seconds * 1000;
      const checkout = async () => {
        const lines = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => products[Math.floor(Math.random() * products.length)]);
        const items = [...new Map(lines.map((p) => [p.id, { productId: p.id, quantity: 1 + Math.floor(Math.random() * 3) }])).values()];
        const t0 = performance.now();
        const intent = await post('/api/create-payment-intent', { checkoutId: randomUUID(), items });
        latency.intent.push(intent.ms);
        if (intent.status !== 200) return fail(`create-payment-intent ${intent.status}`);
        const { paymentIntentId, subtotal, tax, shipping, total } = intent.body;
        const order = {
          paymentIntentId,
          customerEmail: `bench-${randomUUID().slice(0, 8)}@example.com`,
          customerName: 'Bench Buyer',
          customerPhone: '',
          shippingAddress: '1 Loopback Lane, Localhost, CA 90000, United States',
          billingAddress: '1 Loopback Lane, Localhost, CA 90000, United States',
          subtotal,
          tax,
          shipping,
          total,
          items: intent.body.items,
        };
        const replies = await Promise.all([post('/api/orders', order), post('/api/orders', order)]);
        latency.checkout.push(performance.now() - t0);
        for (const r of replies) {
          latency.order.push(r.ms);
          if (r.status !== 201 && r.status !== 200) fail(`orders ${r.status}: ${r.body.message}`);
        }
        const numbers = new Set(replies.filter((r) => r.status < 300).map((r) => r.body.orderNumber as string));
        if (numbers.size > 1) fail('double submit answered with two different order numbers');
        if (replies.filter((r) => r.status === 201).length > 1) fail('double submit created two orders');
        if (numbers.size === 1) {
          placed.set(paymentIntentId, [...numbers][0]);
          completed++;
        }
      };
      const cpuBefore = cpuSeconds(pidFile);
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (started < n && performance.now() < deadline) {
            started++;
            await checkout().catch((error: Error) => fail(`request failed: ${error.message}`));
          }
        }),
      );
      const elapsed = (performance.now() - t0) / 1000;
      const cpuAfter = cpuSeconds(pidFile);
      const cpu = Object.keys(cpuAfter)
        .map((name) => [name, ((cpuAfter[name] - (cpuBefore[name] ?? 0)) * 1000) / Math.max(1, completed)] as const)
        .filter(([, ms]) => ms >= 0.05)
        .sort((a, b) => b[1] - a[1]);
      return { started, completed, elapsed, latency, cpu, cpuTotal: cpu.reduce((sum, [, ms]) => sum + ms, 0) };
    };

    const db = new Client({ connectionString: urls.databaseUrl('orders') });
    await db.connect();
    // Stock is tracked for every product (ADR 0032): each checkout reserves its units in the catalog. Set in SQL, as a
    // restored backup would be; orders' copy needs nothing from it (the reservation decides), the store's is not read.
    const catalogDb = new Client({ connectionString: urls.databaseUrl('catalog') });
    await catalogDb.connect();
    const trackStock = (tracked: boolean) =>
      catalogDb.query(`UPDATE catalog_items SET stock_quantity = $1 WHERE kind = 'product'`, [tracked ? BENCH_STOCK : null]);
    await trackStock(true);
    const stripeLog = path.join(settings.dataDir, 'logs', 'stripe.log');
    console.log(
      `${products.length} products in stock, each tracked with ${BENCH_STOCK} units; running ${checkouts} checkouts, ${concurrency} in flight, at most ${seconds} s…\n`,
    );
    // Not measured: the first checkouts after a start pay for JIT compilation, pool connections and keep-alive sockets
    // (measured without it, the first 300 cost a quarter more CPU each than the growth runs after them).
    const warm = await runCheckouts(WARM_UP_CHECKOUTS);
    await webhooksSettled(urls.stripeApi);
    console.log(
      `warm-up: ${warm.completed} checkouts at ${(warm.completed / warm.elapsed).toFixed(1)} orders/s, ${warm.cpuTotal.toFixed(1)} ms CPU each (not counted below)\n`,
    );
    const tripsBefore = await roundTrips(settings.ports.natsMonitor, db, stripeLog);
    const pids = readFileSync(pidFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' '))
      .filter(([, name]) => PROFILED.includes(name));
    const toggleProfilers = () => pids.forEach(([pid]) => process.kill(Number(pid), 'SIGWINCH'));
    // Postgres's side of the run: every statement of every database, with its calls and execution time.
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await db.query('SELECT pg_stat_statements_reset()');
    toggleProfilers();
    const run = await runCheckouts(checkouts);
    toggleProfilers();
    const { rows: statements } = await db.query(
      `SELECT d.datname AS db, s.calls::int AS calls, s.total_exec_time AS ms, regexp_replace(left(s.query, 90), '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
       WHERE d.datname <> current_database() OR s.query NOT ILIKE '%pg_stat%'
       ORDER BY s.total_exec_time DESC LIMIT 12`,
    );
    await webhooksSettled(urls.stripeApi); // the run's own payment_intent.created deliveries are part of its cost
    await new Promise((resolve) => setTimeout(resolve, 1000)); // Postgres publishes its counters about once a second
    const tripsAfter = await roundTrips(settings.ports.natsMonitor, db, stripeLog);

    const duplicates = async () =>
      (await db.query('SELECT payment_intent_id, count(*)::int AS n FROM orders GROUP BY payment_intent_id HAVING count(*) > 1')).rows;
    let dupes = await duplicates();
    const placedInRun = placed.size;
    const {
      rows: [{ n: orders }],
    } = await db.query('SELECT count(*)::int AS n FROM orders');
    const {
      rows: [{ n: numbers }],
    } = await db.query('SELECT count(DISTINCT order_number)::int AS n FROM orders');
    const { rows: missing } = await db.query(
      'SELECT x.pi FROM unnest($1::text[]) AS x(pi) LEFT JOIN orders o ON o.payment_intent_id = x.pi WHERE o.id IS NULL',
      [[...placed.keys()]],
    );

    console.log(`checkouts completed        ${run.completed} of ${run.started} started, in ${run.elapsed.toFixed(1)} s`);
    console.log(`orders/s                   ${(run.completed / run.elapsed).toFixed(1)}  (each: 1 payment intent + 2 concurrent order posts)`);
    console.log(summary('create-payment-intent', run.latency.intent));
    console.log(summary('POST /api/orders', run.latency.order));
    console.log(summary('whole checkout', run.latency.checkout));
    console.log(`orders in the database     ${orders} (${numbers} distinct numbers)`);
    console.log(`duplicate orders           ${dupes.length}`);
    console.log(`answered but not stored    ${missing.length}`);
    console.log(`\nCPU per checkout (ms): ${run.cpu.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')}; total ${run.cpuTotal.toFixed(1)}`);
    console.log(
      `round trips per checkout: ${Object.keys(tripsAfter)
        .map((k) => `${k} ${((tripsAfter[k] - tripsBefore[k]) / Math.max(1, run.completed)).toFixed(1)}`)
        .join(', ')}`,
    );
    console.log(`load average during the run: ${loadAverage()}`);
    console.log(`\nPostgres statements per checkout (calls, execution ms; pg_stat_statements, every database):`);
    for (const st of statements) {
      console.log(
        `  ${(st.calls / Math.max(1, run.completed)).toFixed(2).padStart(5)} × ${(st.ms / Math.max(1, run.completed)).toFixed(3).padStart(6)} ms  ${st.db.padEnd(8)} ${st.query}`,
      );
    }
    if (PROFILED.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 2000)); // the profilers write their files
      console.log(`\nwhere each profiled process's CPU per checkout goes (ms; its CPU above split by its V8 profile's samples; files in ${profileDir}):`);
      for (const name of PROFILED) {
        const file = path.join(profileDir, `${name}.cpuprofile`);
        const cpu = run.cpu.find(([process]) => process === name)?.[1] ?? 0;
        if (!existsSync(file)) console.log(`  ${name}: no profile written`);
        else
          console.log(
            `  ${name} ${cpu.toFixed(1)}: ${profileShares(file, 14)
              .map(([bucket, share]) => `${bucket} ${(share * cpu).toFixed(2)}`)
              .join(', ')}`,
          );
      }
    }

    // Stock tracked against not tracked, in the same run and alternating (ADR 0032: at most 10 % slower).
    console.log(`\ncheckout throughput with and without stock tracking (${STOCK_COMPARE_CHECKOUTS} checkouts each, alternating):`);
    const rates: Record<'tracked' | 'untracked', number[]> = { tracked: [], untracked: [] };
    for (const mode of ['untracked', 'tracked', 'untracked', 'tracked'] as const) {
      await trackStock(mode === 'tracked');
      await webhooksSettled(urls.stripeApi);
      const at = await runCheckouts(STOCK_COMPARE_CHECKOUTS);
      rates[mode].push(at.completed / at.elapsed);
      console.log(
        `  stock ${mode.padEnd(9)}: ${(at.completed / at.elapsed).toFixed(1).padStart(6)} orders/s, CPU ${at.cpuTotal.toFixed(1).padStart(5)} ms per checkout`,
      );
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const stockRatio = mean(rates.tracked) / mean(rates.untracked);
    await trackStock(true);
    const {
      rows: [{ held }],
    } = await catalogDb.query(`SELECT coalesce(sum(quantity), 0)::int AS held FROM stock_reservations WHERE state = 'held'`);
    console.log(`  units held by unpaid intents at the end: ${held} (the bench never pays)`);
    await catalogDb.end();

    // Cost that grows gently: the same checkouts against 10× and 100× the stored orders cost about the same each.
    console.log(`\ncost per checkout as the stored orders grow (${GROWTH_CHECKOUTS} checkouts each, ${concurrency} in flight):`);
    const growth: { stored: number; cpuTotal: number }[] = [];
    for (const stored of GROWTH_ORDERS) {
      await storeOrders(db, stored);
      await webhooksSettled(urls.stripeApi);
      const at = await runCheckouts(GROWTH_CHECKOUTS);
      await webhooksSettled(urls.stripeApi);
      const whole = [...at.latency.checkout].sort((a, b) => a - b);
      growth.push({ stored, cpuTotal: at.cpuTotal });
      console.log(
        `  ${String(stored).padStart(7)} orders stored: ${(at.completed / at.elapsed).toFixed(1).padStart(6)} orders/s, CPU ${at.cpuTotal.toFixed(1).padStart(5)} ms per checkout, whole checkout p50 ${percentile(whole, 50).toFixed(0)} ms p99 ${percentile(whole, 99).toFixed(0)} ms`,
      );
    }
    // The growth runs are double clicks too: still one order per payment intent, none missing.
    dupes = await duplicates();
    const { rows: lost } = await db.query('SELECT x.pi FROM unnest($1::text[]) AS x(pi) LEFT JOIN orders o ON o.payment_intent_id = x.pi WHERE o.id IS NULL', [
      [...placed.keys()],
    ]);
    missing.push(...lost.filter((row) => !missing.some((m) => m.pi === row.pi)));
    await db.end();
    for (const [what, n] of failures) console.log(`failure                    ${n} × ${what}`);

    const ordersPerSecond = run.completed / run.elapsed;
    const whole = [...run.latency.checkout].sort((a, b) => a - b);
    console.log(`\ncheckout vs Stripe emulator ceiling: ${(ordersPerSecond / ceiling.perSecond).toFixed(2)} (goal ≥ 0.5)`);
    console.log(`checkout orders/s: ${ordersPerSecond.toFixed(1)} (goal ≥ 250)`);
    console.log(`checkout p99: ${percentile(whole, 99).toFixed(0)} ms (goal ≤ 300 ms)`);
    console.log(`duplicate orders: ${dupes.length} (goal ≤ 0)`);
    // Work per checkout is constant, so its cost should be too: 100× the data may cost at most twice as much each.
    console.log(`checkout orders/s with stock tracked vs without (same run): ${stockRatio.toFixed(2)} (goal ≥ 0.90)`);
    console.log(`checkout CPU per order at 100× stored orders vs 1×: ${(growth[2].cpuTotal / growth[0].cpuTotal).toFixed(2)} (goal ≤ 2)`);

    // Where the milliseconds go: every process of the stack shares this machine's cores, so the CPU one checkout costs
    // bounds the rate (Little's law then bounds the latency with `concurrency` in flight), and the ratio to the
    // emulator's ceiling is about the emulator's CPU per checkout over the whole stack's.
    const cores = os.cpus().length;
    const bound = (cores * 1000) / run.cpuTotal;
    console.log(`\nwhere the milliseconds go (this run; the shortfalls explained):`);
    console.log(
      `  one checkout costs ${run.cpuTotal.toFixed(1)} ms of CPU summed over the stack (${run.cpu
        .slice(0, 6)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join(', ')}); ${cores} cores make at most ${bound.toFixed(0)} orders/s even with the machine to itself (load average here: ${loadAverage()}).`,
    );
    console.log(`  250 orders/s on ${cores} cores needs ≤ ${((cores * 1000) / 250).toFixed(1)} ms of CPU per checkout, all processes together.`);
    console.log(
      `  the emulator spends ${emulatorMs.toFixed(2)} ms of CPU on one checkout's Stripe calls; a ratio of 0.5 to its ceiling needs the whole checkout at ≤ ${(2 * emulatorMs).toFixed(1)} ms (the gateway alone: ${(run.cpu.find(([name]) => name === 'gateway')?.[1] ?? 0).toFixed(1)} ms).`,
    );
    console.log(
      `  with ${concurrency} checkouts in flight a checkout takes ${concurrency} / rate on average (Little's law): ≥ ${((concurrency * 1000) / bound).toFixed(0)} ms at ${bound.toFixed(0)} orders/s, so p99 ≤ 300 ms needs the rate above ${((concurrency * 1000) / 300).toFixed(0)} orders/s with little spread.`,
    );
    process.exitCode = dupes.length === 0 && missing.length === 0 && orders === placedInRun && numbers === orders && failures.size === 0 ? 0 : 1;
    console.log(process.exitCode === 0 ? '\nOK: one order per payment intent, no duplicates.' : '\nFAILED: see the lines above.');
  } finally {
    await stop();
  }
}

main().catch((error: Error) => {
  console.error(`✖ ${error.message}`);
  process.exit(1);
});
