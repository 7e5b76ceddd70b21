import { mailQueueName } from '@km/nest-kit/mail';
import { createTestDatabase, eventually, testNatsUrl, testServers, type TestDatabase } from '@km/nest-kit/testing';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { Client as Postgres } from 'pg';
import { PAYOUTS_QUEUE } from '../src/payouts/payouts-queue';

/**
 * Crashes of a payout run (ADR 0016): membership runs as its own process (dist/src/main.js), as in production, and is
 * killed with SIGKILL mid-run; its Redis (a redis-server of this test, on a port of its own so the rest of the suite's
 * Redis is left alone) is killed and started again on its port mid-run. Either way the run ends with one payout per
 * member.
 */

const MEMBERS = 1500;
const MAIN = path.resolve(__dirname, '../src/main.js');
let db: TestDatabase;
let pg: Postgres;
let redisPort: number;
let redisDir: string;
let redis: ChildProcess | undefined;
const children: ChildProcess[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function startRedis() {
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', redisDir], {
    stdio: 'ignore',
  });
  const probe = new IORedis(redisPort, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 50 }).on('error', () => undefined);
  await eventually(async () => (await probe.ping().catch(() => null)) === 'PONG', 10_000, 50);
  probe.disconnect();
}

/** SIGKILL and wait until it is gone. */
async function kill(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

/** Membership as a process of its own: batches of 10 members, a run's job handed on 2 s after its worker died. */
function startMembership(): ChildProcess {
  const servers = testServers();
  const child = spawn(process.execPath, [MAIN], {
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      HTTP_PORT: '0',
      NATS_URL: testNatsUrl('membership'),
      DATABASE_URL: db.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(servers.KM_TEST_SMTP_PORT),
      STRIPE_SECRET_KEY: 'sk_test_payout_crashes',
      STRIPE_WEBHOOK_SECRET: 'whsec_payout_crashes',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '9',
      STRIPE_API_PROTOCOL: 'http',
      PUBLIC_ORIGIN: 'http://localhost:3999',
      LOG_LEVEL: 'fatal',
      PAYOUT_BATCH_SIZE: '10',
      PAYOUT_LOCK_MS: '2000',
    },
  });
  children.push(child);
  return child;
}

async function withQueues<T>(fn: (payouts: Queue, mail: Queue) => Promise<T>): Promise<T> {
  const connection = new IORedis(redisPort, '127.0.0.1', { maxRetriesPerRequest: null }).on('error', () => undefined);
  const payouts = new Queue(PAYOUTS_QUEUE, { connection });
  const mail = new Queue(mailQueueName('membership'), { connection });
  try {
    return await fn(payouts, mail);
  } finally {
    await payouts.close();
    await mail.close();
    connection.disconnect();
  }
}

/** Until the process works the payouts queue (its BullMQ worker is connected). */
const workerUp = () => withQueues(async (payouts) => eventually(async () => (await payouts.getWorkers()).length > 0, 30_000, 100));

/** `MEMBERS` referrers, each with one pending $1.00 commission payable in `month`. */
async function seed(month: string) {
  const tag = month.replace('-', '');
  await pg.query(
    `WITH referrers AS (
       INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
       SELECT 'Crash', 'R' || i, 'crash-r-' || $1 || '-' || i || '@example.com', 'cus_r' || $1 || i, 'sub_r' || $1 || i, 'active', 'R' || $1 || i
       FROM generate_series(1, $2) i RETURNING id, email
     ), referred AS (
       INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
       SELECT 'Crash', 'D' || i, 'crash-d-' || $1 || '-' || i || '@example.com', 'cus_d' || $1 || i, 'sub_d' || $1 || i, 'active', 'D' || $1 || i
       FROM generate_series(1, $2) i RETURNING id, email
     ), refs AS (
       INSERT INTO referrals (referrer_id, referred_id)
       SELECT r.id, d.id FROM referrers r JOIN referred d ON split_part(r.email, '-', 4) = split_part(d.email, '-', 4) RETURNING id, referrer_id
     )
     INSERT INTO commissions (member_id, referral_id, amount, payout_month, payout_date) SELECT referrer_id, id, 1.00, $3, ($3 || '-15')::date FROM refs`,
    [tag, MEMBERS, month],
  );
}

const paidCount = async (month: string) => ((await pg.query(`SELECT count(*)::int AS n FROM payouts WHERE month = $1`, [month])).rows[0] as { n: number }).n;
const runStatus = async (month: string) =>
  ((await pg.query(`SELECT status FROM payout_runs WHERE month = $1`, [month])).rows[0] as { status: string } | undefined)?.status;

/** One payout of 1.00 per seeded member, every commission of the month paid and linked, and the run closed with it. */
async function assertOnePayoutPerMember(month: string) {
  const { rows } = await pg.query(
    `SELECT count(*)::int AS payouts, count(DISTINCT member_id)::int AS members, count(*) FILTER (WHERE amount <> 1.00)::int AS odd FROM payouts WHERE month = $1`,
    [month],
  );
  assert.deepEqual(rows[0], { payouts: MEMBERS, members: MEMBERS, odd: 0 });
  const left = await pg.query(`SELECT count(*)::int AS n FROM commissions WHERE payout_month = $1 AND (status <> 'paid' OR payout_id IS NULL)`, [month]);
  assert.equal(left.rows[0].n, 0);
  const run = await pg.query(`SELECT status, member_count, total::text AS total FROM payout_runs WHERE month = $1`, [month]);
  assert.deepEqual(run.rows[0], { status: 'completed', member_count: MEMBERS, total: `${MEMBERS}.00` });
}

beforeAll(async () => {
  db = await createTestDatabase('membership');
  pg = new Postgres({ connectionString: db.url });
  await pg.connect();
  redisPort = await freePort();
  redisDir = mkdtempSync(path.join(os.tmpdir(), 'km-payout-crash-redis-'));
  await startRedis();
});
afterAll(async () => {
  for (const child of children) await kill(child);
  await kill(redis);
  rmSync(redisDir, { recursive: true, force: true });
  await pg?.end();
  await db?.drop();
});

describe('a payout run survives crashes', () => {
  it('kill -9 of the process working the run mid-run, then a restart: the run completes with one payout (and one mail) per member', async () => {
    const first = startMembership();
    await workerUp();
    await seed('2025-03');
    await withQueues((payouts) => payouts.add('manual-run', { month: '2025-03' }, { jobId: 'payout-run-2025-03' }));
    await eventually(async () => (await paidCount('2025-03')) >= 100, 30_000, 2);
    await kill(first);
    const partial = await paidCount('2025-03');
    assert.ok(partial > 0 && partial < MEMBERS, `killed part way (${partial} of ${MEMBERS} paid)`);
    assert.equal(await runStatus('2025-03'), 'running');

    // The restarted process finds the dead worker's job stalled and resumes the run where the database says.
    startMembership();
    await eventually(async () => (await runStatus('2025-03')) === 'completed', 60_000, 100);
    await assertOnePayoutPerMember('2025-03');
    const ids = (await pg.query(`SELECT id FROM payouts WHERE month = '2025-03'`)).rows.map((r: { id: string }) => r.id);
    const mailed = await withQueues((_payouts, mail) => Promise.all(ids.map((id) => mail.getJob(`membership-payout_${id}`))));
    assert.equal(mailed.filter(Boolean).length, MEMBERS, 'one mail job per payout');
  });

  it('Redis killed and started again on its port mid-run: the run completes with one payout per member', async () => {
    for (const child of children) await kill(child);
    startMembership();
    await workerUp();
    await seed('2025-04');
    await withQueues((payouts) => payouts.add('manual-run', { month: '2025-04' }, { jobId: 'payout-run-2025-04' }));
    await eventually(async () => (await paidCount('2025-04')) >= 100, 30_000, 2);
    await kill(redis);
    const partial = await paidCount('2025-04');
    await startRedis();
    assert.ok(partial < MEMBERS, `Redis went away part way (${partial} of ${MEMBERS} paid)`);

    // The worker keeps paying through the outage (Postgres decides) and its connections come back to the new Redis.
    await eventually(async () => (await runStatus('2025-04')) === 'completed', 60_000, 100);
    await assertOnePayoutPerMember('2025-04');
    // A start after the restart (the schedule or an admin) pays nothing again.
    await withQueues(async (payouts) => {
      const again = await payouts.add('manual-run', { month: '2025-04' }, { jobId: 'payout-run-2025-04-again' });
      await eventually(async () => (await again.getState()) === 'completed', 20_000, 100);
    });
    await assertOnePayoutPerMember('2025-04');
  });
});
