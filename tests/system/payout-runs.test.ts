import { eventually, testServers, type ServiceProcess, type TestDatabase } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client as Postgres } from 'pg';
import type { PayoutRow, PayoutRun } from '@km/contracts/membership';
import { ADMIN, Client, startDownstream, startHarness, type Harness } from './harness';

/** ADR 0016: the admin's payout runs over HTTP (the exactly-once rules are proved in services/membership/test/payouts.test.ts). */

let h: Harness;
let membership: { service: ServiceProcess; db: TestDatabase };
let db: Postgres;

beforeAll(async () => {
  const servers = testServers();
  h = await startHarness({ gateway: { RATE_LIMIT_PER_MINUTE: '100000' } });
  membership = await startDownstream('membership', {
    REDIS_URL: servers.KM_TEST_REDIS_URL,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(servers.KM_TEST_SMTP_PORT),
    // These tests make no Stripe call.
    STRIPE_SECRET_KEY: 'sk_test_payout_runs',
    STRIPE_WEBHOOK_SECRET: 'whsec_payout_runs',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: '9',
    STRIPE_API_PROTOCOL: 'http',
    PUBLIC_ORIGIN: 'http://localhost:3999',
  });
  db = new Postgres({ connectionString: membership.db.url });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await membership?.service.stop();
  await membership?.db.drop();
  await h?.stop();
});

async function admin() {
  const client = new Client(h.gateway);
  const res = await client.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
  assert.equal(res.status, 200);
  return client;
}

/** A referrer with one referred member and a pending $1.00 commission payable in `month`. */
async function referrerWithCommission(firstName: string, month: string) {
  const tag = randomUUID().slice(0, 8);
  const insert = async (name: string, suffix: string) =>
    (
      await db.query(
        `INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
         VALUES ($1, 'Joppa', $2, $3, $4, 'active', $5) RETURNING id, email`,
        [name, `${suffix}-${tag}@example.com`, `cus_${suffix}${tag}`, `sub_${suffix}${tag}`, `${suffix}${tag}`.toUpperCase().slice(0, 12)],
      )
    ).rows[0] as { id: string; email: string };
  const referrer = await insert(firstName, 'r');
  const referred = await insert('Tabitha', 'd');
  const { rows } = await db.query(`INSERT INTO referrals (referrer_id, referred_id) VALUES ($1, $2) RETURNING id`, [referrer.id, referred.id]);
  await db.query(`INSERT INTO commissions (member_id, referral_id, amount, payout_month, payout_date) VALUES ($1, $2, 1.00, $3, ($3 || '-15')::date)`, [
    referrer.id,
    rows[0].id,
    month,
  ]);
  return referrer;
}

describe('admin payout runs', () => {
  test('are for admins only: 401 signed out', async () => {
    const visitor = new Client(h.gateway);
    assert.equal((await visitor.post('/api/admin/payout-runs', { month: '2026-10' })).status, 401);
    assert.equal((await visitor.get('/api/admin/payout-runs')).status, 401);
    assert.equal((await visitor.get('/api/admin/payout-runs/2026-10.csv')).status, 401);
  });

  test('POST starts a month’s run (202), GET lists it with its member count and total, a repeat starts nothing, and the CSV has one line per member', async () => {
    const client = await admin();
    const members = [
      await referrerWithCommission('Dorcas', '2026-10'),
      await referrerWithCommission('Lydia', '2026-10'),
      // A name a spreadsheet would run as a formula.
      await referrerWithCommission('=HYPERLINK("http://evil.example")', '2026-10'),
    ];
    const started = await client.post('/api/admin/payout-runs', { month: '2026-10' });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    assert.equal(started.body.queued, true);

    let run: Record<string, unknown> | undefined;
    await eventually(
      async () => {
        run = ((await client.get('/api/admin/payout-runs')).body as Record<string, unknown>[]).find((r) => r.month === '2026-10');
        return run?.status === 'completed';
      },
      15_000,
      100,
    );
    assert.deepEqual(
      { ...run, startedAt: undefined, completedAt: undefined },
      {
        month: '2026-10',
        status: 'completed',
        payoutDate: '2026-10-15',
        startedAt: undefined,
        completedAt: undefined,
        memberCount: 3,
        total: '3.00',
        // Nobody here has set up payouts (ADR 0048): all three are held for want of an account.
        outcomes: { paid: 0, scheduled: 0, held: { no_account: 3, below_minimum: 0, restricted: 0 }, failed: 0 },
      },
    );

    const again = await client.post('/api/admin/payout-runs', { month: '2026-10' });
    assert.equal(again.status, 202);
    assert.deepEqual([again.body.queued, again.body.run.status, again.body.run.memberCount], [false, 'completed', 3]);

    const csv = await fetch(`${h.baseUrl}/api/admin/payout-runs/2026-10.csv`, { headers: { cookie: client.cookie! } });
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
    assert.equal(csv.headers.get('content-disposition'), 'attachment; filename="payouts-2026-10.csv"');
    const lines = (await csv.text()).trimEnd().split('\n');
    assert.equal(lines[0], 'payout_id,member_id,first_name,last_name,email,amount,payout_date,commissions,status,held_reason,transfer_id');
    assert.equal(lines.length, 4);
    for (const member of members) {
      const line = lines.find((l) => l.includes(member.id));
      assert.ok(line, `a line for ${member.email}`);
      // Nobody here has set up payouts (ADR 0048): each payout is held, with no transfer.
      assert.match(line!, new RegExp(`,${member.email},1\\.00,2026-10-15,1,held,no_account,$`));
    }

    // An admin retries a held payout at once: still held for the same reason; a wrong or unknown id is a 400 / 404.
    const payoutId = lines[1].split(',')[0];
    const retried = await client.post(`/api/admin/payout-runs/payouts/${payoutId}/retry`, {});
    assert.deepEqual([retried.status, retried.body], [200, { payoutId, outcome: 'no_account' }]);
    const wrong = await client.post('/api/admin/payout-runs/payouts/not-a-uuid/retry', {});
    assert.deepEqual([wrong.status, wrong.body.message], [400, 'payoutId must be a payout id (a UUID)']);
    const unknown = await client.post('/api/admin/payout-runs/payouts/00000000-0000-4000-8000-000000000000/retry', {});
    assert.equal(unknown.status, 404);
    assert.ok(
      lines.some((l) => l.includes(`"'=HYPERLINK(""http://evil.example"")"`)),
      'a formula-looking name is quoted and prefixed',
    );
  });

  test('GET a run’s payouts pages them as JSON with status, held reason and transfer id (ADR 0061); a bad month or cursor is a 400', async () => {
    const client = await admin();
    const member = await referrerWithCommission('Priscilla', '2026-09');
    const started = await client.post('/api/admin/payout-runs', { month: '2026-09' });
    assert.equal(started.status, 202);
    await eventually(
      async () => ((await client.get('/api/admin/payout-runs')).body as PayoutRun[]).find((r) => r.month === '2026-09')?.status === 'completed',
      15_000,
      100,
    );
    const page = await client.get('/api/admin/payout-runs/2026-09/payouts');
    assert.equal(page.status, 200);
    assert.deepEqual(
      (page.body as PayoutRow[]).map(({ memberId, amount, status, heldReason, heldDetail, transferId }) => ({
        memberId,
        amount,
        status,
        heldReason,
        heldDetail,
        transferId,
      })),
      [{ memberId: member.id, amount: '1.00', status: 'held', heldReason: 'no_account', heldDetail: null, transferId: null }],
    );
    const after = await client.get(`/api/admin/payout-runs/2026-09/payouts?after=${page.body[0].payoutId}`);
    assert.deepEqual([after.status, after.body], [200, []]);
    const badCursor = await client.get('/api/admin/payout-runs/2026-09/payouts?after=%27%20OR%201=1');
    assert.deepEqual([badCursor.status, badCursor.body.message], [400, 'after must be the payout id the previous page ended with (a UUID)']);
    const badMonth = await client.get('/api/admin/payout-runs/2026-13/payouts');
    assert.deepEqual([badMonth.status, badMonth.body.message], [400, 'month must be a month as YYYY-MM, e.g. 2026-11']);
  });

  test('a month given wrong is a 400 that says how to write it; a month whose 15th has not come is a 409', async () => {
    const client = await admin();
    const bad = await client.post('/api/admin/payout-runs', { month: '2026-1' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /month must be a month as YYYY-MM, e.g. 2026-11/);
    const early = await client.post('/api/admin/payout-runs', { month: '2099-01' });
    assert.equal(early.status, 409);
    assert.deepEqual(
      [early.body.message, early.body.details.reason],
      ['The payout run for 2099-01 pays on 2099-01-15 and cannot start before then.', 'payout_not_due'],
    );
    assert.equal((await client.get('/api/admin/payout-runs/2026-1.csv')).status, 400);
  });
});

describe('yearly earnings (ADR 0061)', () => {
  test('are for admins only: 401 signed out', async () => {
    const visitor = new Client(h.gateway);
    for (const path of ['/api/admin/earnings/2026.csv', `/api/admin/earnings/2026/members/${randomUUID()}`, '/api/membership/earnings/2026']) {
      assert.deepEqual([path, (await visitor.get(path)).status], [path, 401]);
    }
  });

  test('an admin reads a member’s statement and the year’s CSV with 1099-NEC flags; a bad year is a 400, an unknown member a 404', async () => {
    const client = await admin();
    const over = await referrerWithCommission('Phoebe', '2026-08');
    const under = await referrerWithCommission('Chloe', '2026-08');
    // Profit bonuses paid in 2025 (the $600 threshold): one at it, one a cent under it.
    await db.query(
      `INSERT INTO profit_bonuses (member_id, amount, bonus_period, status, payout_date) VALUES ($1, 600.00, '2024-H2', 'paid', '2025-01-15'), ($2, 599.99, '2024-H2', 'paid', '2025-01-15')`,
      [over.id, under.id],
    );
    const statement = await client.get(`/api/admin/earnings/2025/members/${over.id}`);
    assert.equal(statement.status, 200);
    assert.deepEqual(
      { ...statement.body, lines: statement.body.lines.map((l: Record<string, unknown>) => ({ ...l, id: undefined })) },
      {
        year: '2025',
        member: { memberId: over.id, firstName: 'Phoebe', lastName: 'Joppa', email: over.email },
        lines: [{ kind: 'profit_bonus', id: undefined, period: '2024-H2', paidOn: '2025-01-15', amount: '600.00', transferId: null, paidAs: null }],
        total: '600.00',
        threshold: '600.00',
        thresholdFrom: '2020',
        reportable: true,
      },
    );
    const csv = await fetch(`${h.baseUrl}/api/admin/earnings/2025.csv`, { headers: { cookie: client.cookie! } });
    assert.equal(csv.status, 200);
    assert.equal(csv.headers.get('content-disposition'), 'attachment; filename="earnings-2025.csv"');
    const lines = (await csv.text()).trimEnd().split('\n');
    assert.equal(lines[0], 'member_id,first_name,last_name,email,payouts,profit_bonuses,total,form_1099_nec');
    assert.deepEqual(
      lines.slice(1).sort(),
      [`${over.id},Phoebe,Joppa,${over.email},0.00,600.00,600.00,yes`, `${under.id},Chloe,Joppa,${under.email},0.00,599.99,599.99,no`].sort(),
    );

    for (const path of ['/api/admin/earnings/1999.csv', '/api/admin/earnings/20x5.csv', `/api/admin/earnings/99999/members/${over.id}`]) {
      const bad = await client.get(path);
      assert.deepEqual([path, bad.status, bad.body.message], [path, 400, 'year must be a calendar year written YYYY between 2020 and 2099, e.g. 2026']);
    }
    const notId = await client.get('/api/admin/earnings/2025/members/not-a-member');
    assert.deepEqual([notId.status, notId.body.message], [400, 'memberId must be a member id (a UUID)']);
    assert.equal((await client.get(`/api/admin/earnings/2025/members/${randomUUID()}`)).status, 404);
  });
});

describe('admin profit bonus periods', () => {
  test('are for admins only; POST starts a half-year (202), GET lists it completed; a repeat starts nothing; early is 409, malformed 400', async () => {
    const visitor = new Client(h.gateway);
    assert.equal((await visitor.post('/api/admin/profit-bonus-periods', { period: '2025-H2' })).status, 401);
    assert.equal((await visitor.get('/api/admin/profit-bonus-periods')).status, 401);

    const client = await admin();
    const referrer = await referrerWithCommission('Phoebe', '2025-09');
    await db.query(`UPDATE members SET member_since = '2025-01-01' WHERE id = $1`, [referrer.id]);
    await db.query(`UPDATE referrals SET created_at = '2025-08-20' WHERE referrer_id = $1`, [referrer.id]);
    await db.query(`INSERT INTO store_revenue (order_id, bonus_period, amount, paid_at) VALUES (gen_random_uuid(), '2025-H2', 150.00, '2025-10-01')`);
    const started = await client.post('/api/admin/profit-bonus-periods', { period: '2025-H2' });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    assert.equal(started.body.queued, true);
    let period: Record<string, unknown> | undefined;
    await eventually(
      async () => {
        period = ((await client.get('/api/admin/profit-bonus-periods')).body as Record<string, unknown>[]).find((p) => p.period === '2025-H2');
        return period?.status === 'completed';
      },
      15_000,
      100,
    );
    assert.deepEqual(
      { ...period, startedAt: undefined, completedAt: undefined },
      {
        period: '2025-H2',
        status: 'completed',
        payoutDate: '2026-01-15',
        shareBps: 200,
        revenue: '150.00',
        pool: '3.00',
        memberCount: 1,
        total: '3.00',
        startedAt: undefined,
        completedAt: undefined,
      },
    );
    const again = await client.post('/api/admin/profit-bonus-periods', { period: '2025-H2' });
    assert.deepEqual([again.status, again.body.queued, again.body.period.total], [202, false, '3.00']);

    const bad = await client.post('/api/admin/profit-bonus-periods', { period: '2025-H3' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /period must be a half-year as YYYY-H1 \(January to June\) or YYYY-H2 \(July to December\)/);
    const early = await client.post('/api/admin/profit-bonus-periods', { period: '2099-H2' });
    assert.deepEqual(
      [early.status, early.body.message, early.body.details.reason],
      [409, 'The profit bonuses for 2099-H2 are paid on 2100-01-15 and cannot start before then.', 'profit_bonus_not_due'],
    );
  });

  test('GET due answers the newest period the start accepts, decided by the server: the period after it is a 409', async () => {
    assert.equal((await new Client(h.gateway).get('/api/admin/profit-bonus-periods/due')).status, 401);
    const client = await admin();
    const due = await client.get('/api/admin/profit-bonus-periods/due');
    assert.equal(due.status, 200, JSON.stringify(due.body));
    assert.deepEqual(Object.keys(due.body), ['period']);
    const period = due.body.period as string;
    assert.match(period, /^[0-9]{4}-H[12]$/);
    // Not started here (a run would pay members other tests count); the one after it must not be due yet.
    const next = period.endsWith('H1') ? `${period.slice(0, 4)}-H2` : `${Number(period.slice(0, 4)) + 1}-H1`;
    const early = await client.post('/api/admin/profit-bonus-periods', { period: next });
    assert.deepEqual([early.status, early.body.details?.reason], [409, 'profit_bonus_not_due']);
  });
});

describe('admin members list', () => {
  test('pages the members newest first with status, referrals, pending and paid from the ledger; admins only; a bad page size is a 400', async () => {
    assert.equal((await new Client(h.gateway).get('/api/admin/members')).status, 401);
    const client = await admin();
    const referrer = await referrerWithCommission('Priscilla', '2026-08');
    await db.query(`UPDATE members SET member_since = now() + interval '1 day' WHERE id = $1`, [referrer.id]);
    const first = await client.get('/api/admin/members?pageSize=1');
    assert.equal(first.status, 200);
    const total = Number(first.headers.get('x-total-count'));
    const [count] = (await db.query(`SELECT count(*)::int AS n FROM members`)).rows as { n: number }[];
    assert.equal(total, count.n);
    assert.deepEqual(
      (first.body as Record<string, unknown>[]).map((m) => [m.memberId, m.firstName, m.subscriptionStatus, m.referrals, m.pending, m.paid]),
      [[referrer.id, 'Priscilla', 'active', 1, '1.00', '0.00']],
    );
    const last = await client.get(`/api/admin/members?pageSize=100&page=${Math.ceil(total / 100)}`);
    assert.equal((last.body as unknown[]).length, total % 100 || 100);
    const bad = await client.get('/api/admin/members?pageSize=500');
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /pageSize must be a whole number from 1 to 100/);
  });
});
