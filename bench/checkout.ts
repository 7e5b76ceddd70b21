// Checkout under load: `KM_PORT_OFFSET=820 npx tsx bench/checkout.ts [checkouts=300] [concurrency=20] [seconds=90]`
//
// Starts a throw-away test-profile stack on loopback (ports shifted by KM_PORT_OFFSET, data in .data/test-<offset>),
// Stripe emulator included, then runs checkouts the way the checkout page does: create-payment-intent, then
// POST /api/orders sent twice at once (a double click), `concurrency` checkouts in flight. Prints orders/s and
// p50/p99 latencies, and checks the orders database: exactly one order per payment intent, none missing.
import { startBenchStack } from './stack';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';

const [checkouts = 300, concurrency = 20, seconds = 90] = process.argv.slice(2).map(Number);

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

async function main() {
  const { base, urls, stop } = await startBenchStack('test');
  try {
    const products = ((await (await fetch(`${base}/api/products`)).json()) as Product[]).filter((p) => p.inStock);
    if (products.length === 0) throw new Error('the catalog has no product in stock to buy');
    console.log(`${products.length} products in stock; running ${checkouts} checkouts, ${concurrency} in flight, at most ${seconds} s…\n`);

    const post = async (url: string, body: unknown) => {
      const started = performance.now();
      const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await res.json()) as Record<string, any>;
      return { status: res.status, body: json, ms: performance.now() - started };
    };
    const latency = { intent: [] as number[], order: [] as number[], checkout: [] as number[] };
    const failures = new Map<string, number>();
    const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
    const placed = new Map<string, string>(); // paymentIntentId → orderNumber
    let started = 0;
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
      if (numbers.size === 1) placed.set(paymentIntentId, [...numbers][0]);
    };

    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (started < checkouts && performance.now() < deadline) {
          started++;
          await checkout().catch((error: Error) => fail(`request failed: ${error.message}`));
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;

    const db = new Client({ connectionString: urls.databaseUrl('orders') });
    await db.connect();
    const { rows: dupes } = await db.query('SELECT payment_intent_id, count(*)::int AS n FROM orders GROUP BY payment_intent_id HAVING count(*) > 1');
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
    await db.end();

    console.log(`checkouts completed        ${placed.size} of ${started} started, in ${elapsed.toFixed(1)} s`);
    console.log(`orders/s                   ${(placed.size / elapsed).toFixed(1)}  (each: 1 payment intent + 2 concurrent order posts)`);
    console.log(summary('create-payment-intent', latency.intent));
    console.log(summary('POST /api/orders', latency.order));
    console.log(summary('whole checkout', latency.checkout));
    console.log(`orders in the database     ${orders} (${numbers} distinct numbers)`);
    console.log(`duplicate orders           ${dupes.length}`);
    console.log(`answered but not stored    ${missing.length}`);
    for (const [what, n] of failures) console.log(`failure                    ${n} × ${what}`);
    process.exitCode = dupes.length === 0 && missing.length === 0 && orders === placed.size && numbers === orders && failures.size === 0 ? 0 : 1;
    console.log(process.exitCode === 0 ? '\nOK: one order per payment intent, no duplicates.' : '\nFAILED: see the lines above.');
  } finally {
    await stop();
  }
}

main().catch((error: Error) => {
  console.error(`✖ ${error.message}`);
  process.exit(1);
});
