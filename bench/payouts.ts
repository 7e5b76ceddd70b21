// A monthly payout run at scale: `KM_PORT_OFFSET=840 npx tsx bench/payouts.ts [members=100000]`
//
// Starts a throw-away test-profile stack (ports shifted by KM_PORT_OFFSET), gives `members` referrers one pending
// $1.00 commission each (written straight into membership's database: joining through Stripe is not what is
// measured), then starts the month's run as an admin would (POST /api/admin/payout-runs) and waits for it to complete.
// The mail queue is paused first: the run enqueues one mail per payout, their delivery is not part of the run.
// Prints one line per figure: the run's time and the count of payouts (exactly one per member).
import { mailQueueName } from '@km/nest-kit/mail';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { performance } from 'node:perf_hooks';
import { Client as Postgres } from 'pg';
import { startBenchStack } from './stack';

const [members = 100_000] = process.argv.slice(2).map(Number);
const MONTH = '2026-10';

async function main() {
  const { settings, urls, base, stop } = await startBenchStack('test');
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

    console.log(`━━ payout run for ${MONTH}`);
    const started = performance.now();
    const start = await fetch(`${base}/api/admin/payout-runs`, { method: 'POST', headers, body: JSON.stringify({ month: MONTH }) });
    if (start.status !== 202) throw new Error(`POST /api/admin/payout-runs answered ${start.status}: ${await start.text()}`);
    let run: { status: string; memberCount: number; total: string } | undefined;
    while (run?.status !== 'completed') {
      await new Promise((r) => setTimeout(r, 100));
      const runs = (await (await fetch(`${base}/api/admin/payout-runs`, { headers })).json()) as ({ month: string } & typeof run)[];
      run = runs.find((r) => r?.month === MONTH);
      if (performance.now() - started > 600_000) throw new Error('the run did not complete in 10 minutes');
    }
    const seconds = (performance.now() - started) / 1000;
    const [counts] = (
      await db.query(
        `SELECT (SELECT count(*)::int FROM payouts WHERE month = $1) AS payouts,
                (SELECT count(*)::int FROM (SELECT member_id FROM payouts WHERE month = $1 GROUP BY member_id HAVING count(*) > 1) d) AS doubled,
                (SELECT count(*)::int FROM commissions WHERE status = 'pending') AS pending`,
        [MONTH],
      )
    ).rows as { payouts: number; doubled: number; pending: number }[];
    const mails = await mail.getJobCountByTypes('paused', 'waiting');

    console.log(`\npayout run of ${members} members, seconds: ${seconds.toFixed(1)} (goal ≤ 30)`);
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
