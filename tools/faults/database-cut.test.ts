import type { CatalogItem } from '@km/contracts/catalog';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { note, pidOf, ready, Session, signedInMember, stack, stripe } from './stack';

/**
 * Database cut: orders, Marketshare joins (member, referral, commission) and publishing inquiries (the
 * admin inbox) are written through the gateway while pg_terminate_backend cuts every connection of the orders,
 * membership and forms services, again and again. Each write is sent again by its sender until answered; meanwhile
 * an answer is a 503 with a message, never another 5xx. Afterwards: no partial row, no row without its outbox event,
 * no event without its row, and the three services answer again by themselves, never restarted. Orders reaches
 * Postgres through a TCP proxy of our own (tools/stack/tcp-proxy.ts), which also cuts its connections mid-stream.
 */

const WRITES = 90;
const IN_FLIGHT = 10;
const CUT_EVERY_MS = 250;
const CUT_DATABASES = ['orders', 'membership', 'forms'];
const ADDRESS = '1 Loopback Lane, Localhost, CA 90000, United States';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const connect = async (database: string) => {
  const db = new Client({ connectionString: stack.pgAdminUrl.replace(/\/postgres$/, `/${database}`), application_name: 'fault-suite' });
  await db.connect();
  return db;
};

let admin: Client;
let orders: Client;
let membership: Client;
let forms: Client;
beforeAll(async () => {
  [admin, orders, membership, forms] = [await connect('postgres'), await connect('orders'), await connect('membership'), await connect('forms')];
});
afterAll(async () => {
  for (const db of [admin, orders, membership, forms]) await db?.end();
});

describe('database connections cut mid-write', () => {
  test('pg_terminate_backend on orders’, membership’s and forms’ connections, and our TCP proxy cutting orders’ mid-stream, during order, member and inbox writes: 503 meanwhile, no partial row, every row with exactly one event and every event with its row, no restart', async () => {
    const products = ((await new Session().get('/api/products')).body as CatalogItem[]).filter((p) => p.inStock);
    const referrer = await signedInMember();
    const referralCode = (await referrer.get('/api/membership/profile')).body.referralCode as string;
    assert.match(referralCode, /^[A-Z0-9]{8}$/);
    const pids = Object.fromEntries(CUT_DATABASES.map((s) => [s, pidOf(s)]));
    const wrong: string[] = [];
    const unavailable = new Map<string, number>();
    const send = async (request: () => Promise<{ status: number; body: any }>, what: string) => {
      for (let attempt = 0; attempt < 80; attempt++) {
        const res = await request().catch((error: Error) => ({ status: 0, body: error.message }));
        if (res.status > 0 && res.status < 500) return res;
        if (res.status !== 503 || !res.body?.message) wrong.push(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        unavailable.set(`${what} ${res.status}`, (unavailable.get(`${what} ${res.status}`) ?? 0) + 1);
        await sleep(200);
      }
      throw new Error(`${what}: no answer after 80 tries`);
    };
    const client = new Session();
    const placed: string[] = [];
    const joined: string[] = [];
    const inquiries: string[] = [];
    let started = 0;
    let cuts = 0;
    let terminated = 0;
    let done = false;
    const cutter = (async () => {
      while (!done) {
        const { rowCount } = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ANY($1) AND pid <> pg_backend_pid() AND backend_type = 'client backend'
             AND application_name NOT LIKE 'fault-suite%'`,
          [CUT_DATABASES],
        );
        cuts++;
        terminated += rowCount ?? 0;
        await sleep(CUT_EVERY_MS / 2);
        // Orders reaches Postgres through our TCP proxy: between terminations, its connections are also cut mid-stream
        // (a reset, no goodbye from the server), as a dropped network would.
        process.kill(pidOf('pg-proxy'), 'SIGUSR1');
        await sleep(CUT_EVERY_MS / 2);
      }
    })();
    const order = async (n: number) => {
      const items = [{ productId: products[n % products.length].id, quantity: 1 }];
      const intent = await send(() => client.post('/api/create-payment-intent', { checkoutId: randomUUID(), items }), 'create-payment-intent');
      assert.equal(intent.status, 200, JSON.stringify(intent.body));
      const { paymentIntentId, subtotal, tax, shipping, total } = intent.body;
      const body = {
        paymentIntentId,
        customerEmail: `cut-${n}@example.com`,
        customerName: 'Cut Test',
        shippingAddress: ADDRESS,
        subtotal,
        tax,
        shipping,
        total,
        items,
      };
      const res = await send(() => client.post('/api/orders', body), 'POST /api/orders');
      assert.ok(res.status === 201 || res.status === 200, JSON.stringify(res.body));
      placed.push(res.body.orderNumber);
    };
    const join = async (n: number) => {
      const member = new Session();
      const who = {
        firstName: 'Lydia',
        lastName: `Cut${n}`,
        email: `cut-member-${n}-${randomUUID().slice(0, 6)}@example.com`,
        phone: '555-0199',
        referralCode,
      };
      const payment = await send(() => member.post('/api/create-membership-payment', who), 'create-membership-payment');
      assert.equal(payment.status, 200, JSON.stringify(payment.body));
      await stripe('POST', `/v1/payment_intents/${payment.body.clientSecret.split('_secret_')[0]}/confirm`, { payment_method: 'pm_card_visa' });
      const body = { ...who, subscriptionId: payment.body.subscriptionId, customerId: payment.body.customerId };
      const res = await send(() => member.post('/api/memberships', body), 'POST /api/memberships');
      assert.ok(res.status === 201 || res.status === 200, JSON.stringify(res.body));
      joined.push(who.email);
    };
    const inquire = async (n: number) => {
      const body = {
        firstName: 'Luke',
        lastName: `Cut${n}`,
        email: `cut-${n}-${randomUUID().slice(0, 6)}@example.com`,
        phone: '',
        bookTitle: 'An Orderly Account',
        genre: 'biblical-studies',
        manuscriptStatus: 'nearly-complete',
        wordCount: '42000',
        previouslyPublished: false,
        servicesNeeded: ['editing'],
        bookDescription: 'A careful history for seekers.',
        publishingGoals: 'Reach readers who have questions.',
        timeline: '6-months',
        budget: '1000-3000',
        hearAboutUs: 'podcast',
      };
      const res = await send(() => client.post('/api/publishing-inquiries', body), 'POST /api/publishing-inquiries');
      assert.equal(res.status, 201, JSON.stringify(res.body));
      inquiries.push(body.email);
    };
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (started < WRITES) {
          const n = started++;
          await [order, join, inquire][n % 3](n);
        }
      }),
    );
    done = true;
    await cutter;
    const proxyCuts = readFileSync(path.join(stack.logDir, 'pg-proxy.log'), 'utf8')
      .split('\n')
      .map((line) => Number(/^cut (\d+) connections$/.exec(line)?.[1] ?? 0));
    const proxied = proxyCuts.reduce((a, n) => a + n, 0);

    // Orders: every order has its lines and exactly one orders.order.placed event; every such event has its order.
    const { rows: partial } = await orders.query(`SELECT order_number FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`);
    const { rows: orderEvents } = await orders.query(
      `SELECT o.order_number, (SELECT count(*)::int FROM outbox e WHERE e.type = 'orders.order.placed' AND e.data->>'orderId' = o.id::text) AS events FROM orders o`,
    );
    const { rows: orphanOrderEvents } = await orders.query(
      `SELECT e.id FROM outbox e WHERE e.type = 'orders.order.placed' AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id::text = e.data->>'orderId')`,
    );
    // Members: each joined member has its referral and its commission, and exactly one membership.member.joined
    // event naming that commission; every such event has its member.
    const { rows: memberRows } = await membership.query(
      `SELECT m.email,
         (SELECT count(*)::int FROM referrals r WHERE r.referred_id = m.id) AS referrals,
         (SELECT count(*)::int FROM commissions c JOIN referrals r ON r.id = c.referral_id WHERE r.referred_id = m.id) AS commissions,
         (SELECT count(*)::int FROM outbox e JOIN commissions c ON c.id::text = e.data->>'commissionId' JOIN referrals r ON r.id = c.referral_id
           WHERE e.type = 'membership.member.joined' AND e.data->>'memberId' = m.id::text AND r.referred_id = m.id) AS events
       FROM members m WHERE m.email = ANY($1)`,
      [joined],
    );
    const { rows: memberEvents } = await membership.query(
      `SELECT m.email, (SELECT count(*)::int FROM outbox e WHERE e.type = 'membership.member.joined' AND e.data->>'memberId' = m.id::text) AS events FROM members m`,
    );
    const { rows: orphanMemberEvents } = await membership.query(
      `SELECT e.id FROM outbox e WHERE e.type = 'membership.member.joined' AND NOT EXISTS (SELECT 1 FROM members m WHERE m.id::text = e.data->>'memberId')`,
    );
    // Inbox: every publishing inquiry has exactly one forms.publishing.received event, and every such event its row.
    const { rows: inquiryEvents } = await forms.query(
      `SELECT i.email, (SELECT count(*)::int FROM outbox e WHERE e.type = 'forms.publishing.received' AND e.data->>'publishingInquiryId' = i.id::text) AS events FROM publishing_inquiries i`,
    );
    const { rows: orphanInquiryEvents } = await forms.query(
      `SELECT e.id FROM outbox e WHERE e.type = 'forms.publishing.received' AND NOT EXISTS (SELECT 1 FROM publishing_inquiries i WHERE i.id::text = e.data->>'publishingInquiryId')`,
    );
    const { rows: ours } = await orders.query(`SELECT count(*)::int AS n FROM orders WHERE order_number = ANY($1)`, [placed]);
    const { rows: oursInbox } = await forms.query(`SELECT count(*)::int AS n FROM publishing_inquiries WHERE email = ANY($1)`, [inquiries]);
    const answers = await Promise.all(CUT_DATABASES.map(async (s) => [s, await ready(s)] as const));
    note(
      'database cut',
      `${WRITES} writes through the gateway (${placed.length} checkouts, ${joined.length} Marketshare joins with a referral, ${inquiries.length} publishing inquiries), ` +
        `${IN_FLIGHT} in flight; pg_terminate_backend on ${CUT_DATABASES.join(', ')} every ${CUT_EVERY_MS} ms: ${cuts} cuts, ${terminated} connections terminated; ` +
        `between them orders’ TCP proxy to Postgres cut ${proxied} connections mid-stream (${proxyCuts.filter((n) => n > 0).length} of ${cuts} cuts found some open); ` +
        `answers sent again: ${[...unavailable].map(([k, n]) => `${k}×${n}`).join(', ') || 'none'}; checked ${orderEvents.length} orders, ${memberEvents.length} members ` +
        `(${memberRows.length} joined here, each with referral, commission and event) and ${inquiryEvents.length} inquiries against their outbox events; ` +
        `/ready afterwards: ${answers.map(([s, r]) => `${s} ${r}`).join(', ')}, none restarted`,
    );
    assert.deepEqual(wrong, [], 'answers during the cuts that were not a 503 with a message');
    assert.ok(terminated > 0, 'the cuts terminated connections');
    assert.ok(proxied > 0, 'the proxy cut connections of orders mid-stream');
    assert.equal(ours[0].n, placed.length, 'one order per answered checkout');
    assert.equal(oursInbox[0].n, inquiries.length, 'one inquiry per answered submission');
    assert.deepEqual(partial, [], 'orders without lines');
    assert.deepEqual(
      orderEvents.filter((r) => r.events !== 1),
      [],
      'orders without exactly one placed event',
    );
    assert.deepEqual(orphanOrderEvents, [], 'placed events without their order');
    assert.deepEqual(memberRows.map((r) => r.email).sort(), [...joined].sort(), 'one member per answered join');
    assert.deepEqual(
      memberRows.filter((r) => r.referrals !== 1 || r.commissions !== 1 || r.events !== 1),
      [],
      'joined members without exactly one referral, one commission and one joined event naming it',
    );
    assert.deepEqual(
      memberEvents.filter((r) => r.events !== 1),
      [],
      'members without exactly one joined event',
    );
    assert.deepEqual(orphanMemberEvents, [], 'joined events without their member');
    assert.deepEqual(
      inquiryEvents.filter((r) => r.events !== 1),
      [],
      'inquiries without exactly one received event',
    );
    assert.deepEqual(orphanInquiryEvents, [], 'received events without their inquiry');
    assert.deepEqual(
      answers,
      CUT_DATABASES.map((s) => [s, 200]),
      'each service answers /ready again by itself',
    );
    assert.deepEqual(Object.fromEntries(CUT_DATABASES.map((s) => [s, pidOf(s)])), pids, 'no service was restarted: each reconnected by itself');
  });
});
