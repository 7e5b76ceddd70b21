import { mailQueueName } from '@km/nest-kit/mail';
import { MembershipSubjects } from '@km/contracts';
import { eventually, startTestService, testNatsUrl, testServers } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { AppModule } from '../src/app.module';
import { loadMembershipConfig } from '../src/config';
import { PayoutRunner } from '../src/payouts/payout-runner';
import { PAYOUTS_QUEUE } from '../src/payouts/payouts-queue';
import { joinedMember, startMembershipHarness, WEBHOOK_SECRET, type MembershipHarness } from './membership-harness';

let h: MembershipHarness;
let redis: IORedis;
let mailQueue: Queue;
let payoutsQueue: Queue;
beforeAll(async () => {
  h = await startMembershipHarness();
  redis = new IORedis(testServers().KM_TEST_REDIS_URL!, { maxRetriesPerRequest: null });
  mailQueue = new Queue(mailQueueName('membership'), { connection: redis });
  payoutsQueue = new Queue(PAYOUTS_QUEUE, { connection: redis });
});
afterAll(async () => {
  await mailQueue?.close();
  await payoutsQueue?.close();
  await redis?.quit();
  await h?.stop();
});

/** Another replica of membership on the same database, Redis and bus (a second worker of the payouts queue). */
async function startReplica(env: Record<string, string> = {}): Promise<INestApplication> {
  const servers = testServers();
  return startTestService(
    AppModule.forRoot(
      loadMembershipConfig({
        HTTP_PORT: '0',
        NATS_URL: testNatsUrl('membership'),
        DATABASE_URL: h.db.url,
        REDIS_URL: servers.KM_TEST_REDIS_URL,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(servers.KM_TEST_SMTP_PORT),
        STRIPE_SECRET_KEY: 'sk_test_membership',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(h.emulator.port),
        STRIPE_API_PROTOCOL: 'http',
        PUBLIC_ORIGIN: 'http://localhost:3999',
        LOG_LEVEL: 'fatal',
        ...env,
      }),
    ),
    'membership',
    testNatsUrl('membership'),
  );
}

/**
 * `count` referrers, each with one referred member and one pending $1.00 commission payable in `payoutMonth`,
 * written in one statement (the join flow through Stripe is proved in membership.test.ts).
 */
async function seedCommissions(count: number, payoutMonth: string): Promise<string[]> {
  const tag = randomUUID().slice(0, 8);
  const rows = (await h.data.query(
    `WITH referrers AS (
       INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
       SELECT 'Referrer', 'N' || i, 'referrer-' || $1 || '-' || i || '@example.com', 'cus_' || $1 || i, 'sub_r_' || $1 || i, 'active', upper(substr(md5($1 || 'r' || i), 1, 12))
       FROM generate_series(1, $2) i RETURNING id, email
     ), referred AS (
       INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
       SELECT 'Referred', 'N' || i, 'referred-' || $1 || '-' || i || '@example.com', 'cus_d' || $1 || i, 'sub_d_' || $1 || i, 'active', upper(substr(md5($1 || 'd' || i), 1, 12))
       FROM generate_series(1, $2) i RETURNING id, email
     ), pairs AS (
       SELECT r.id AS referrer_id, d.id AS referred_id
       FROM referrers r JOIN referred d ON split_part(split_part(r.email, '@', 1), '-', 3) = split_part(split_part(d.email, '@', 1), '-', 3)
     ), refs AS (
       INSERT INTO referrals (referrer_id, referred_id) SELECT referrer_id, referred_id FROM pairs RETURNING id, referrer_id
     )
     INSERT INTO commissions (member_id, referral_id, amount, payout_month, payout_date)
     SELECT referrer_id, id, 1.00, $3, ($3 || '-15')::date FROM refs RETURNING member_id`,
    [tag, count, payoutMonth],
  )) as { member_id: string }[];
  assert.equal(rows.length, count);
  return rows.map((r) => r.member_id);
}

const payoutsOf = async (month: string) =>
  (await h.data.query(`SELECT member_id, amount::text AS amount, payout_date::text AS payout_date, id FROM payouts WHERE month = $1`, [month])) as {
    member_id: string;
    amount: string;
    payout_date: string;
    id: string;
  }[];

/** Each payout has exactly one mail job (its id is the job's key). */
async function assertOneMailPerPayout(payoutIds: string[]) {
  const jobs = await Promise.all(payoutIds.map((id) => mailQueue.getJob(`membership-payout_${id}`)));
  assert.equal(jobs.filter(Boolean).length, payoutIds.length, 'every payout has its mail job');
}

describe('monthly payouts on the 15th', () => {
  it('a referral in October is paid on 15 November, not 15 October; the member is mailed and the stats move', async () => {
    const referrer = await joinedMember(h);
    const referred = await joinedMember(h, { referralCode: referrer.joined.referralCode });
    // The join happened today; as if it had happened on 20 October: payable with the November payout.
    await h.data.query(
      `UPDATE commissions SET created_at = '2026-10-20T12:00:00Z', payout_month = '2026-11', payout_date = '2026-11-15' WHERE member_id = $1`,
      [referrer.joined.memberId],
    );
    const runner = h.app.get(PayoutRunner);

    const october = await runner.run('2026-10');
    assert.deepEqual([october.status, october.memberCount, october.total], ['completed', 0, '0.00']);
    const [pending] = (await h.data.query(`SELECT status FROM commissions WHERE member_id = $1`, [referrer.joined.memberId])) as { status: string }[];
    assert.equal(pending.status, 'pending', 'the October run leaves an October commission alone');

    const november = await runner.run('2026-11');
    assert.deepEqual([november.status, november.payoutDate, november.memberCount, november.total], ['completed', '2026-11-15', 1, '1.00']);
    const list = await h.rpc.send(MembershipSubjects.commissions, { memberId: referrer.joined.memberId });
    assert.deepEqual(
      list.items.map((c) => [c.amount, c.status, c.payoutDate]),
      [['1.00', 'paid', '2026-11-15']],
    );
    const stats = await h.rpc.send(MembershipSubjects.stats, { memberId: referrer.joined.memberId });
    assert.deepEqual([stats.pendingCommissions, stats.paidCommissions, stats.totalCommissions], ['0.00', '1.00', '1.00']);
    const payouts = (await payoutsOf('2026-11')).filter((p) => p.member_id === referrer.joined.memberId);
    assert.deepEqual(
      payouts.map((p) => [p.amount, p.payout_date]),
      [['1.00', '2026-11-15']],
    );
    const job = await mailQueue.getJob(`membership-payout_${payouts[0].id}`);
    assert.equal(job?.data.to, referrer.form.email);
    assert.equal(job?.data.subject, 'Your Marketshare payout of $1.00');
    assert.ok(referred.joined.memberId);

    // A second run of the month (the schedule again, or an admin) changes nothing.
    const again = await runner.run('2026-11');
    assert.deepEqual([again.memberCount, again.total, again.completedAt], [1, '1.00', november.completedAt]);
  });

  it('two workers, the scheduler firing twice and a run by hand at once pay each member once', async () => {
    const replica = await startReplica({ PAYOUT_BATCH_SIZE: '40' });
    try {
      const members = await seedCommissions(300, '2026-12');
      // Two jobs as the scheduler makes them (no month: the month they fire in) for 15 December, plus both replicas
      // running the month by hand, all at the same time.
      const fired = Date.parse('2026-12-15T11:00:00Z');
      await payoutsQueue.addBulk([
        { name: 'scheduled-run', data: {}, opts: { timestamp: fired } },
        { name: 'scheduled-run', data: {}, opts: { timestamp: fired } },
      ]);
      const runs = await Promise.all([
        h.app.get(PayoutRunner).run('2026-12'),
        replica.get(PayoutRunner).run('2026-12'),
        replica.get(PayoutRunner).run('2026-12'),
      ]);
      for (const run of runs) assert.equal(run.status, 'completed');
      await eventually(
        async () => (await payoutsQueue.getJobCounts('waiting', 'active', 'delayed')).waiting + (await payoutsQueue.getActiveCount()) === 0,
        20_000,
        100,
      );

      const payouts = await payoutsOf('2026-12');
      assert.equal(payouts.length, 300, 'one payout per member');
      assert.deepEqual(new Set(payouts.map((p) => p.member_id)), new Set(members));
      assert.ok(payouts.every((p) => p.amount === '1.00' && p.payout_date === '2026-12-15'));
      const [left] = (await h.data.query(
        `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE payout_id IS NULL)::int AS unlinked
         FROM commissions WHERE payout_month = '2026-12'`,
      )) as { pending: number; unlinked: number }[];
      assert.deepEqual(left, { pending: 0, unlinked: 0 });
      const [run] = (await h.rpc.send(MembershipSubjects.listPayoutRuns, {})).items.filter((r) => r.month === '2026-12');
      assert.deepEqual([run.status, run.memberCount, run.total], ['completed', 300, '300.00']);
      await assertOneMailPerPayout(payouts.map((p) => p.id));
    } finally {
      await replica.close().catch(() => undefined);
    }
  });

  it('a worker stopped mid-run leaves whole batches; the next start completes the run with one payout per member', async () => {
    const members = await seedCommissions(400, '2026-09');
    // A transaction holds the commission of the 201st member (in the worker's order), so the doomed worker pays whole
    // batches up to it and then waits there: it is cut mid-run however fast it is (unheld, it could finish first).
    const holder = h.data.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query(
      `SELECT 1 FROM commissions WHERE member_id = (SELECT DISTINCT member_id FROM commissions WHERE payout_month = '2026-09' ORDER BY member_id OFFSET 200 LIMIT 1) FOR UPDATE`,
    );
    // The doomed worker's connections carry its name, so only they are cut.
    const doomed = await startReplica({
      PAYOUT_BATCH_SIZE: '20',
      DATABASE_URL: `${h.db.url}${h.db.url.includes('?') ? '&' : '?'}application_name=doomed-worker`,
    });
    const dying = doomed
      .get(PayoutRunner)
      .run('2026-09')
      .then(
        () => null,
        (error: unknown) => error,
      );
    // Once some members are paid, the worker goes away mid-run: its database connections are cut and it stops.
    await eventually(async () => (await payoutsOf('2026-09')).length >= 40, 20_000, 5);
    // Cut while its query waits on the held row: between queries, its pool would just open a fresh connection.
    await eventually(
      async () => {
        const [row] = (await h.data.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'doomed-worker' AND wait_event_type = 'Lock'`,
        )) as { n: number }[];
        return row.n > 0;
      },
      20_000,
      5,
    );
    await h.data.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'doomed-worker'`);
    assert.ok((await dying) instanceof Error, 'the worker’s run died with its connections');
    await holder.rollbackTransaction();
    await holder.release();
    await doomed.close().catch(() => undefined);
    const partial = await payoutsOf('2026-09');
    assert.ok(partial.length > 0 && partial.length < 400, `the run stopped part way (${partial.length} of 400 paid)`);
    const [stuck] = (await h.data.query(`SELECT status FROM payout_runs WHERE month = '2026-09'`)) as { status: string }[];
    assert.equal(stuck.status, 'running');

    const resumed = await h.app.get(PayoutRunner).run('2026-09');
    assert.deepEqual([resumed.status, resumed.memberCount, resumed.total], ['completed', 400, '400.00']);
    const payouts = await payoutsOf('2026-09');
    assert.equal(payouts.length, 400);
    assert.deepEqual(new Set(payouts.map((p) => p.member_id)), new Set(members));
    assert.ok(payouts.every((p) => p.amount === '1.00'));
    await assertOneMailPerPayout(payouts.map((p) => p.id));
  });

  it('the admin start refuses a month whose 15th has not come, answers a completed run as it is, and pages the CSV rows', async () => {
    await assert.rejects(
      h.rpc.send(MembershipSubjects.startPayoutRun, { month: '2099-01' }),
      (error: Error & { code?: string; details?: { reason?: string } }) => {
        assert.equal(error.code, 'conflict');
        assert.equal(error.details?.reason, 'payout_not_due');
        assert.equal(error.message, 'The payout run for 2099-01 pays on 2099-01-15 and cannot start before then.');
        return true;
      },
    );
    await assert.rejects(h.rpc.send(MembershipSubjects.startPayoutRun, { month: '2026-13' }), /month must be a month as YYYY-MM/);
    const done = await h.rpc.send(MembershipSubjects.startPayoutRun, { month: '2026-09' });
    assert.deepEqual([done.queued, done.run?.status, done.run?.memberCount], [false, 'completed', 400]);
    const first = await h.rpc.send(MembershipSubjects.payoutRows, { month: '2026-09', limit: 250 });
    const rest = await h.rpc.send(MembershipSubjects.payoutRows, { month: '2026-09', limit: 250, after: first.items.at(-1)!.payoutId });
    assert.deepEqual([first.items.length, rest.items.length], [250, 150]);
    assert.equal(new Set([...first.items, ...rest.items].map((r) => r.memberId)).size, 400);
    assert.deepEqual(
      { ...first.items[0], payoutId: undefined, memberId: undefined, email: undefined, lastName: undefined },
      {
        payoutId: undefined,
        memberId: undefined,
        email: undefined,
        lastName: undefined,
        firstName: 'Referrer',
        amount: '1.00',
        payoutDate: '2026-09-15',
        commissions: 1,
        // No payout account set up (ADR 0048): the payout is held and no transfer was made.
        status: 'held',
        heldReason: 'no_account',
        heldDetail: null,
        transferId: null,
        // Nothing was asked of Stripe yet (ADR 0062): no method fixed, no credit.
        method: null,
        creditId: null,
      },
    );
  });
});
