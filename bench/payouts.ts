// A monthly payout run at scale, with the Stripe emulator in the loop: `KM_PORT_OFFSET=840 npx tsx bench/payouts.ts [members=100000]`
//
// Starts a throw-away test-profile stack (ports shifted by KM_PORT_OFFSET), gives `members` referrers one pending
// $1.00 commission each (written straight into membership's database: joining through Stripe is not what is
// measured) and a Stripe Connect account each, made verified by the emulator in bulk (POST /_emulator/accounts, as if
// each member had gone through the onboarding page, ADR 0047) and recorded active in membership by one insert (what
// account.updated would have written; onboarding is not what is measured, ADR 0073), funds the platform,
// then starts the month's run as an admin would (POST /api/admin/payout-runs) and waits for it to complete: every
// payout written, mailed and transferred (ADR 0048). The mail queue is paused first: the run enqueues one mail per
// payout, their delivery is not part of the run. Prints one line per figure: the run's time, the transfers per payout
// (the emulator counts them per Idempotency-Key: never more than one) and the counts that prove one payout per member.
// Then Postgres's ten costliest statements of the run (pg_stat_statements). Measured: 100k in 41.4 s at a load average of
// 1.6–2.1, 67.2 s of CPU (ADR 0077; 172 s before it at a load of 13).
import { mailQueueName } from '@km/nest-kit/mail';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { Client as Postgres } from 'pg';
import { cpuSeconds } from './proc';
import { startBenchStack } from './stack';

const [members = 100_000] = process.argv.slice(2).map(Number);
const MONTH = '2026-10';
/** Verified accounts the emulator makes per request (its most), and such requests in flight at once. */
const SEED_CHUNK = 1000;
const SEED_CONCURRENCY = 4;

/** Runs `work` over `items` with at most `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** A verified Connect account per member at the emulator, recorded active in membership. */
async function seedAccounts(stripeApi: string, db: Postgres, memberIds: string[]) {
  const chunks = Array.from({ length: Math.ceil(memberIds.length / SEED_CHUNK) }, (_, i) => memberIds.slice(i * SEED_CHUNK, (i + 1) * SEED_CHUNK));
  const accounts: string[][] = new Array(chunks.length);
  await pool([...chunks.keys()], SEED_CONCURRENCY, async (i) => {
    const res = await fetch(`${stripeApi}/_emulator/accounts?count=${chunks[i].length}`, { method: 'POST' });
    if (!res.ok) throw new Error(`POST /_emulator/accounts answered ${res.status}: ${await res.text()}`);
    accounts[i] = ((await res.json()) as { data: string[] }).data;
  });
  await db.query(`INSERT INTO payout_accounts (member_id, stripe_account_id, status) SELECT m, a, 'active' FROM unnest($1::uuid[], $2::text[]) AS x(m, a)`, [
    memberIds,
    accounts.flat(),
  ]);
}

async function main() {
  const { settings, urls, base, pidFile, stop } = await startBenchStack('test');
  const db = new Postgres({ connectionString: urls.databaseUrl('membership') });
  const redis = new IORedis(urls.redisUrl, { maxRetriesPerRequest: null });
  const mail = new Queue(mailQueueName('membership'), { connection: redis });
  try {
    await db.connect();
    console.log(`━━ seeding ${members} members with one pending commission each`);
    await db.query(
      `WITH referrers AS (
         INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
         SELECT 'Referrer', 'N' || i, 'referrer-' || i || '@bench.example', 'cus_r' || i, 'sub_r' || i, 'active', 'R' || lpad(i::text, 7, '0')
         FROM generate_series(1, $1) i RETURNING id, referral_code
       ), referred AS (
         INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
         SELECT 'Referred', 'N' || i, 'referred-' || i || '@bench.example', 'cus_d' || i, 'sub_d' || i, 'active', 'D' || lpad(i::text, 7, '0')
         FROM generate_series(1, $1) i RETURNING id, referral_code
       ), refs AS (
         INSERT INTO referrals (referrer_id, referred_id)
         SELECT r.id, d.id FROM referrers r JOIN referred d ON substr(r.referral_code, 2) = substr(d.referral_code, 2) RETURNING id, referrer_id
       )
       INSERT INTO commissions (member_id, referral_id, amount, payout_month, payout_date) SELECT referrer_id, id, 1.00, $2, ($2 || '-15')::date FROM refs`,
      [members, MONTH],
    );
    const memberIds = (await db.query(`SELECT member_id FROM commissions ORDER BY member_id`)).rows.map((r: { member_id: string }) => r.member_id);
    console.log(`━━ ${members} verified Connect accounts at the emulator`);
    const seeding = performance.now();
    await seedAccounts(urls.stripeApi, db, memberIds);
    console.log(`   ${members} accounts active in ${((performance.now() - seeding) / 1000).toFixed(1)} s (not part of the run)`);
    await fetch(`${urls.stripeApi}/_emulator/balance?amount=${members * 100}`, { method: 'POST' });
    await db.query('ANALYZE');
    await mail.pause();

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${settings.ports.gateway}` },
      body: JSON.stringify({ username: settings.adminUsername, password: settings.adminPassword }),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    if (login.status !== 200 || !cookie) throw new Error(`the admin could not sign in: ${login.status}`);
    const headers = { 'content-type': 'application/json', cookie, origin: `http://localhost:${settings.ports.gateway}` };

    // Postgres's side of the run: every statement of every database, with its calls and execution time.
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await db.query('SELECT pg_stat_statements_reset()');
    console.log(`━━ payout run for ${MONTH}`);
    const loadBefore = loadAverage();
    const cpuBefore = cpuSeconds(pidFile);
    const started = performance.now();
    const start = await fetch(`${base}/api/admin/payout-runs`, { method: 'POST', headers, body: JSON.stringify({ month: MONTH }) });
    if (start.status !== 202) throw new Error(`POST /api/admin/payout-runs answered ${start.status}: ${await start.text()}`);
    // Watched in the database (the admin API's rate limit would refuse a poll every 100 ms of a long run), then read once.
    for (;;) {
      await new Promise((r) => setTimeout(r, 100));
      const { rows } = await db.query(`SELECT status FROM payout_runs WHERE month = $1`, [MONTH]);
      if (rows[0]?.status === 'completed') break;
      if (performance.now() - started > 1_200_000) throw new Error('the run did not complete in 20 minutes');
    }
    const seconds = (performance.now() - started) / 1000;
    const runs = await fetch(`${base}/api/admin/payout-runs`, { headers });
    if (!runs.ok) throw new Error(`GET /api/admin/payout-runs answered ${runs.status}: ${await runs.text()}`);
    const run = ((await runs.json()) as { month: string; status: string; memberCount: number; total: string }[]).find((r) => r.month === MONTH)!;
    const cpuAfter = cpuSeconds(pidFile);
    const cpu = Object.entries(cpuAfter)
      .map(([name, s]) => [name, s - (cpuBefore[name] ?? 0)] as const)
      .filter(([, s]) => s >= 0.05)
      .sort((a, b) => b[1] - a[1]);
    const [counts] = (
      await db.query(
        `SELECT (SELECT extract(epoch FROM max(paid_at) - min(paid_at))::float FROM payouts WHERE month = $1) AS transferring,
                (SELECT extract(epoch FROM min(p.paid_at) - r.started_at)::float FROM payouts p, payout_runs r WHERE p.month = $1 AND r.month = $1 GROUP BY r.started_at) AS writing,
                (SELECT count(*)::int FROM payouts WHERE month = $1) AS payouts,
                (SELECT count(*)::int FROM payouts WHERE month = $1 AND status = 'paid') AS paid,
                (SELECT count(*)::int FROM (SELECT member_id FROM payouts WHERE month = $1 GROUP BY member_id HAVING count(*) > 1) d) AS doubled,
                (SELECT count(*)::int FROM commissions WHERE status = 'pending') AS pending`,
        [MONTH],
      )
    ).rows as { transferring: number; writing: number; payouts: number; paid: number; doubled: number; pending: number }[];
    const { rows: statements } = (await db.query(
      `SELECT d.datname AS db, s.calls::int AS calls, s.total_exec_time AS ms, regexp_replace(left(s.query, 110), '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
       WHERE s.query NOT ILIKE '%pg_stat%' AND s.query NOT ILIKE '%FROM payout_runs WHERE month%'
       ORDER BY s.total_exec_time DESC LIMIT 10`,
    )) as { rows: { db: string; calls: number; ms: number; query: string }[] };
    // Payout mails are queued at the bulk priority (prioritized), behind the paused queue.
    const mails = await mail.getJobCountByTypes('paused', 'waiting', 'prioritized');
    const transfers = (await (await fetch(`${urls.stripeApi}/_emulator/transfers`)).json()) as { transfers: number; keys: number; max_per_key: number };

    const label = members % 1000 === 0 ? `${members / 1000}k` : String(members);
    console.log(`\npayout run ${label} members: ${seconds.toFixed(1)} s (goal ≤ 60)`);
    console.log(
      `   of which writing and mailing the payouts: ${counts.writing.toFixed(1)} s, transferring (first payout paid to last): ${counts.transferring.toFixed(1)} s`,
    );
    const cpuTotal = cpu.reduce((sum, [, s]) => sum + s, 0);
    console.log(
      `   CPU the run took: ${cpuTotal.toFixed(1)} s in all (${cpu.map(([name, s]) => `${name} ${s.toFixed(1)}`).join(', ')}); ${((cpuTotal / members) * 1e3).toFixed(2)} ms per member`,
    );
    console.log(`   load average before the run: ${loadBefore}; after: ${loadAverage()}`);
    console.log(`   Postgres statements (calls, execution s; pg_stat_statements, every database):`);
    for (const st of statements)
      console.log(`   ${String(st.calls).padStart(7)} × ${(st.ms / 1000).toFixed(1).padStart(5)} s  ${st.db.padEnd(10)} ${st.query}`);
    console.log(`transfers per payout: ${transfers.max_per_key} (goal ≤ 1)`);
    console.log(`transfers at Stripe: ${transfers.transfers} for ${transfers.keys} keys (goal ≥ ${members})`);
    console.log(`payouts transferred: ${counts.paid} (goal ≥ ${members})`);
    console.log(`payouts: ${counts.payouts} (goal ≥ ${members})`);
    console.log(`members paid more than once: ${counts.doubled} (goal ≤ 0)`);
    console.log(`commissions left pending: ${counts.pending} (goal ≤ 0)`);
    console.log(`payout mails queued: ${mails} (goal ≥ ${members})`);
    console.log(`run total: ${run.total}, member count: ${run.memberCount}`);
  } finally {
    await mail.close();
    await redis.quit();
    await db.end();
    await stop();
  }
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
