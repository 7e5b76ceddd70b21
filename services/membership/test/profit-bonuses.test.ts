import { mailQueueName } from '@km/nest-kit/mail';
import { eventSubject, MembershipSubjects, OrdersEvents, type EventEnvelope, type OrderPaidEvent, type OrderRefundedEvent } from '@km/contracts';
import { natsConnectOptions } from '@km/nest-kit';
import { eventually, testNatsUrl, testServers } from '@km/nest-kit/testing';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { connect } from 'nats';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ProfitBonusRunner } from '../src/bonuses/profit-bonus-runner';
import { startMembershipHarness, type MembershipHarness } from './membership-harness';

let h: MembershipHarness;
let redis: IORedis;
let mailQueue: Queue;
beforeAll(async () => {
  h = await startMembershipHarness();
  redis = new IORedis(testServers().KM_TEST_REDIS_URL!, { maxRetriesPerRequest: null });
  mailQueue = new Queue(mailQueueName('membership'), { connection: redis });
});
afterAll(async () => {
  await mailQueue?.close();
  await redis?.quit();
  await h?.stop();
});

/** A member row as joining makes it, with a chosen id, join date and status. */
async function member(id: string, memberSince: string, status = 'active'): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  await h.data.query(
    `INSERT INTO members (id, first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code, member_since)
     VALUES ($1, 'Bonus', $2, $3, $4, $5, $6, $7, $8)`,
    [id, tag, `bonus-${tag}@example.com`, `cus_b${tag}`, `sub_b${tag}`, status, `B${tag.toUpperCase()}`, memberSince],
  );
  return id;
}

/** `referrer` refers a new member at `at`, with its $1.00 commission in the given status. */
async function referral(referrer: string, at: string, status: 'paid' | 'reversed' = 'paid') {
  const referred = await member(randomUUID(), at);
  await h.data.query(
    `WITH r AS (INSERT INTO referrals (referrer_id, referred_id, created_at) VALUES ($1, $2, $3) RETURNING id)
     INSERT INTO commissions (member_id, referral_id, amount, payout_month, status) SELECT $1, id, 1.00, '2030-01', $4 FROM r`,
    [referrer, referred, at, status],
  );
}

const bonusesOf = async (period: string) =>
  (await h.data.query(
    `SELECT member_id, amount::text AS amount, referrals, status, payout_date::text AS payout_date, id FROM profit_bonuses WHERE bonus_period = $1 ORDER BY member_id`,
    [period],
  )) as { member_id: string; amount: string; referrals: number; status: string; payout_date: string; id: string }[];

describe('profit bonuses every six months', () => {
  it('splits 2 % of the half-year’s revenue among members of the whole half-year by referrals, to the cent, remainder to the largest shares', async () => {
    const since = '2024-06-01T12:00:00Z';
    const a = await member('00000000-0000-4000-8000-00000000000a', since);
    const b = await member('00000000-0000-4000-8000-00000000000b', since);
    const c = await member('00000000-0000-4000-8000-00000000000c', since);
    const late = await member('00000000-0000-4000-8000-00000000000d', '2025-02-01T12:00:00Z'); // joined mid-half-year
    const gone = await member('00000000-0000-4000-8000-00000000000e', since, 'canceled');
    const early = await member('00000000-0000-4000-8000-00000000000f', since); // referred before the half-year only
    for (let i = 0; i < 3; i++) await referral(a, `2025-0${i + 1}-10T12:00:00Z`);
    for (let i = 0; i < 2; i++) await referral(b, `2025-03-1${i}T12:00:00Z`);
    for (let i = 0; i < 2; i++) await referral(c, `2025-06-2${i}T12:00:00Z`);
    await referral(c, '2025-04-01T12:00:00Z', 'reversed'); // a refunded first payment earns no share
    for (let i = 0; i < 5; i++) await referral(late, `2025-03-0${i + 1}T12:00:00Z`);
    for (let i = 0; i < 4; i++) await referral(gone, `2025-03-0${i + 1}T12:00:00Z`);
    await referral(early, '2024-12-20T12:00:00Z');
    await referral(early, '2025-07-02T12:00:00Z'); // the next half-year
    // 1,234.57 of paid store revenue in the half-year (and some outside it).
    await h.data.query(
      `INSERT INTO store_revenue (order_id, bonus_period, amount, paid_at) VALUES
         (gen_random_uuid(), '2025-H1', 1000.00, '2025-02-01'), (gen_random_uuid(), '2025-H1', 234.57, '2025-05-01'),
         (gen_random_uuid(), '2024-H2', 999.99, '2024-12-01'), (gen_random_uuid(), '2025-H2', 50.00, '2025-08-01')`,
    );

    const done = await h.app.get(ProfitBonusRunner).run('2025-H1');
    // Pool: 2 % of 1,234.57 = 24.6914 → 24.69 (2469 cents). Weights 3 : 2 : 2 of 7:
    // a 7407/7 = 1058 r1, b 4938/7 = 705 r3, c 705 r3; 1 cent left goes to the larger remainder, b before c by id.
    assert.deepEqual(
      (await bonusesOf('2025-H1')).map((r) => [r.member_id, r.amount, r.referrals, r.status, r.payout_date]),
      [
        [a, '10.58', 3, 'paid', '2025-07-15'],
        [b, '7.06', 2, 'paid', '2025-07-15'],
        [c, '7.05', 2, 'paid', '2025-07-15'],
      ],
    );
    assert.deepEqual(
      [done.status, done.revenue, done.pool, done.memberCount, done.total, done.shareBps, done.payoutDate],
      ['completed', '1234.57', '24.69', 3, '24.69', 200, '2025-07-15'],
    );
    const listed = await h.rpc.send(MembershipSubjects.profitBonuses, { memberId: b });
    assert.deepEqual(
      listed.items.map((x) => [x.amount, x.bonusPeriod, x.status, x.payoutDate]),
      [['7.06', '2025-H1', 'paid', '2025-07-15']],
    );
    assert.equal((await h.rpc.send(MembershipSubjects.stats, { memberId: b })).totalProfitBonuses, '7.06');
    const mail = await mailQueue.getJob(`membership-profit-bonus_${(await bonusesOf('2025-H1'))[1].id}`);
    assert.equal(mail?.data.subject, 'Your Marketshare profit bonus of $7.06');
  });

  it('two runs and an admin start at once pay each member once; a later start answers the completed period', async () => {
    const since = '2023-01-01T12:00:00Z';
    const members = [];
    for (let i = 0; i < 20; i++) {
      const id = await member(randomUUID(), since);
      await referral(id, '2024-02-01T12:00:00Z');
      members.push(id);
    }
    await h.data.query(`INSERT INTO store_revenue (order_id, bonus_period, amount, paid_at) VALUES (gen_random_uuid(), '2024-H1', 1000.00, '2024-03-01')`);
    const runner = h.app.get(ProfitBonusRunner);
    const [first, second, started] = await Promise.all([
      runner.run('2024-H1'),
      runner.run('2024-H1'),
      h.rpc.send(MembershipSubjects.startProfitBonusPeriod, { period: '2024-H1' }),
    ]);
    assert.deepEqual([first.status, second.status, first.completedAt], ['completed', 'completed', second.completedAt]);
    assert.ok(started.period);
    const rows = await eventually(async () => {
      const period = (await h.rpc.send(MembershipSubjects.listProfitBonusPeriods, {})).items.find((p) => p.period === '2024-H1');
      return period?.status === 'completed' && (await bonusesOf('2024-H1'));
    });
    assert.equal(rows.length, 20, 'one bonus per member');
    assert.deepEqual(new Set(rows.map((r) => r.member_id)), new Set(members));
    assert.ok(
      rows.every((r) => r.amount === '1.00'),
      '20.00 split 20 ways',
    );
    const again = await h.rpc.send(MembershipSubjects.startProfitBonusPeriod, { period: '2024-H1' });
    assert.deepEqual([again.queued, again.period?.memberCount, again.period?.total], [false, 20, '20.00']);
    const jobs = await Promise.all(rows.map((r) => mailQueue.getJob(`membership-profit-bonus_${r.id}`)));
    assert.equal(jobs.filter(Boolean).length, 20, 'one mail per bonus');
  });

  it('refuses a period whose payout day has not come (409 profit_bonus_not_due) and a malformed period (400)', async () => {
    await assert.rejects(
      h.rpc.send(MembershipSubjects.startProfitBonusPeriod, { period: '2099-H1' }),
      (error: Error & { code?: string; details?: { reason?: string } }) => {
        assert.deepEqual([error.code, error.details?.reason], ['conflict', 'profit_bonus_not_due']);
        assert.equal(error.message, 'The profit bonuses for 2099-H1 are paid on 2099-07-15 and cannot start before then.');
        return true;
      },
    );
    await assert.rejects(
      h.rpc.send(MembershipSubjects.startProfitBonusPeriod, { period: '2026-H3' }),
      /period must be a half-year as YYYY-H1 \(January to June\) or YYYY-H2 \(July to December\), e\.g\. 2026-H2/,
    );
  });

  it('learns store revenue from orders.order.paid on its own consumer, once per order, in the half-year it was paid', async () => {
    // Published as orders publishes (its bus user, message id = event id).
    const nc = await connect(natsConnectOptions(testNatsUrl('orders'), 'test-as-orders'));
    try {
      const js = nc.jetstream();
      const orders = [randomUUID(), randomUUID()];
      const publish = async (orderId: string, total: string, occurredAt: string, eventId = randomUUID()) => {
        const envelope: EventEnvelope<OrderPaidEvent> = {
          id: eventId,
          type: OrdersEvents.paid,
          occurredAt,
          data: { orderId, orderNumber: `KM-${orderId.slice(0, 6)}`, paymentIntentId: `pi_${orderId}`, email: 'buyer@example.com', total },
        };
        await js.publish(eventSubject(OrdersEvents.paid), JSON.stringify(envelope), { msgID: eventId });
      };
      await publish(orders[0], '59.38', '2023-03-31T12:00:00Z');
      // The same order paid event again under another event id (a replay): counted once.
      await publish(orders[0], '59.38', '2023-03-31T12:00:00Z');
      // 1 July 02:00 UTC is still 30 June in New York: the first half-year.
      await publish(orders[1], '10.00', '2023-07-01T02:00:00Z');
      const rows = await eventually(async () => {
        const found = (await h.data.query(
          `SELECT order_id, bonus_period, amount::text AS amount FROM store_revenue WHERE order_id = ANY($1::uuid[]) ORDER BY amount DESC`,
          [orders],
        )) as { order_id: string; bonus_period: string; amount: string }[];
        return found.length === 2 && found;
      }, 15_000);
      assert.deepEqual(
        rows.map((r) => [r.order_id, r.bonus_period, r.amount]),
        [
          [orders[0], '2023-H1', '59.38'],
          [orders[1], '2023-H1', '10.00'],
        ],
      );
    } finally {
      await nc.close();
    }
  });
  it('learns store refunds from orders.order.refunded, once per refunded sum, in the half-year they happen; the pool is net of them', async () => {
    const nc = await connect(natsConnectOptions(testNatsUrl('orders'), 'test-as-orders'));
    try {
      const js = nc.jetstream();
      const orderId = randomUUID();
      const publish = async (data: Omit<OrderRefundedEvent, 'orderId' | 'orderNumber'>, eventId = randomUUID()) => {
        const envelope: EventEnvelope<OrderRefundedEvent> = {
          id: eventId,
          type: OrdersEvents.refunded,
          occurredAt: data.refundedAt,
          data: { orderId, orderNumber: `KM-${orderId.slice(0, 6)}`, ...data },
        };
        await js.publish(eventSubject(OrdersEvents.refunded), JSON.stringify(envelope), { msgID: eventId });
      };
      // A 300.00 order paid in 2022-H1, refunded 100.00 in June and 50.00 more in July (the next half-year).
      await h.data.query(`INSERT INTO store_revenue (order_id, bonus_period, amount, paid_at) VALUES ($1, '2022-H1', 300.00, '2022-03-01')`, [orderId]);
      await h.data.query(`INSERT INTO store_revenue (order_id, bonus_period, amount, paid_at) VALUES (gen_random_uuid(), '2022-H2', 40.00, '2022-08-01')`);
      await publish({ amount: '100.00', refundedTotal: '100.00', refundedAt: '2022-06-10T12:00:00Z' });
      // The same refund again under another event id (a replay): counted once.
      await publish({ amount: '100.00', refundedTotal: '100.00', refundedAt: '2022-06-10T12:00:00Z' });
      await publish({ amount: '50.00', refundedTotal: '150.00', refundedAt: '2022-07-02T12:00:00Z' });
      const rows = await eventually(async () => {
        const found = (await h.data.query(
          `SELECT bonus_period, amount::text AS amount, refunded_total::text AS refunded_total FROM store_refunds WHERE order_id = $1 ORDER BY refunded_total`,
          [orderId],
        )) as { bonus_period: string; amount: string; refunded_total: string }[];
        return found.length === 2 && found;
      }, 15_000);
      assert.deepEqual(
        rows.map((r) => [r.bonus_period, r.amount, r.refunded_total]),
        [
          ['2022-H1', '100.00', '100.00'],
          ['2022-H2', '50.00', '150.00'],
        ],
      );
      const since = '2021-01-01T12:00:00Z';
      const a = await member(randomUUID(), since);
      await referral(a, '2022-02-01T12:00:00Z');
      await referral(a, '2022-09-01T12:00:00Z');
      const runner = h.app.get(ProfitBonusRunner);
      // H1: 300.00 − 100.00 = 200.00 → pool 4.00. H2: 40.00 − 50.00 is below zero → no pool, nothing paid.
      const first = await runner.run('2022-H1');
      const second = await runner.run('2022-H2');
      assert.deepEqual([first.revenue, first.pool, first.total], ['200.00', '4.00', '4.00']);
      assert.deepEqual([second.revenue, second.pool, second.memberCount, second.total], ['0.00', '0.00', 0, '0.00']);
    } finally {
      await nc.close();
    }
  });
});
