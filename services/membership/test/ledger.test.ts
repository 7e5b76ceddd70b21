import { mailQueueName } from '@km/nest-kit/mail';
import { MembershipSubjects, type MembershipWebhookOutcome } from '@km/contracts';
import { eventually, testServers } from '@km/nest-kit/testing';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { PayoutRunner } from '../src/payouts/payout-runner';
import { joinedMember, payInBrowser, signup, startMembershipHarness, WEBHOOK_SECRET, type MembershipHarness } from './membership-harness';

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

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * A member who joins with `referralCode` and pays the first invoice at `paidAt` on a Stripe test clock: the payment
 * step reuses the Stripe customer an email already has, so the customer is made on the clock first.
 */
async function joinOnClock(paidAt: string, referralCode?: string) {
  const email = `clock-${randomUUID().slice(0, 8)}@example.com`;
  const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: at(paidAt) });
  const customer = await h.stripe.customers.create({ email, test_clock: clock.id });
  await h.data.query(`INSERT INTO signups (email, stripe_customer_id) VALUES ($1, $2)`, [email, customer.id]);
  const joined = await joinedMember(h, { email, referralCode });
  const pi = await h.stripe.paymentIntents.retrieve(joined.payment.clientSecret.split('_secret_')[0]);
  return { ...joined, chargeId: pi.latest_charge as string, paymentIntentId: pi.id };
}

/** A referrer (joined today) and members referred by them, each paying the first invoice at the given moment. */
async function referrerWith(...paidAts: string[]) {
  const referrer = await joinedMember(h);
  const referred = [];
  for (const paidAt of paidAts) referred.push(await joinOnClock(paidAt, referrer.joined.referralCode));
  return { referrer, memberId: referrer.joined.memberId, referred };
}

interface EmulatorEvent {
  id: string;
  type: string;
  data: { object: { id: string; charge?: string } };
  deliveries: { state: string }[];
}

/** The event of `type` about this charge, once the emulator has delivered it to membership and membership answered. */
async function deliveredEvent(type: 'charge.refunded' | 'charge.dispute.created', chargeId: string): Promise<EmulatorEvent> {
  return eventually(
    async () => {
      const res = await fetch(`${h.emulator.url}/_emulator/events?type=${type}`);
      const { data } = (await res.json()) as { data: EmulatorEvent[] };
      const event = data.find((e) => (type === 'charge.refunded' ? e.data.object.id : e.data.object.charge) === chargeId);
      return event?.deliveries.every((d) => d.state === 'delivered') ? event : undefined;
    },
    15_000,
    50,
  );
}

/** Hands an event to membership again, signed afresh (as a redelivery by Stripe would be). */
async function redeliver(event: EmulatorEvent): Promise<MembershipWebhookOutcome> {
  const { deliveries: _deliveries, ...body } = event;
  const payload = JSON.stringify(body);
  const signature = h.stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const result = await h.rpc.send(MembershipSubjects.handleStripeWebhook, { payload: Buffer.from(payload).toString('base64'), signature });
  return result.outcome;
}

async function dispute(chargeId: string) {
  const res = await fetch(`${h.emulator.url}/_emulator/charges/${chargeId}/dispute`, { method: 'POST' });
  assert.equal(res.status, 200, await res.clone().text());
}

const commissionsOf = async (memberId: string) => (await h.rpc.send(MembershipSubjects.commissions, { memberId, pageSize: 50 })).items;
const statsOf = async (memberId: string) => {
  const s = await h.rpc.send(MembershipSubjects.stats, { memberId });
  return { total: s.totalCommissions, pending: s.pendingCommissions, paid: s.paidCommissions, carried: s.carriedBalance };
};
const payoutOf = async (memberId: string, month: string) => {
  const [row] = (await h.data.query(
    `SELECT gross::text AS gross, deducted::text AS deducted, amount::text AS amount, payout_date::text AS payout_date, mailed_at, id
     FROM payouts WHERE member_id = $1 AND month = $2`,
    [memberId, month],
  )) as { gross: string; deducted: string; amount: string; payout_date: string; mailed_at: Date | null; id: string }[];
  return row;
};
const reversalsOf = async (memberId: string) =>
  (await h.data.query(`SELECT commission_id, amount::text AS amount, reason FROM commission_reversals WHERE member_id = $1 ORDER BY created_at`, [
    memberId,
  ])) as { commission_id: string; amount: string; reason: string }[];

describe('the commission ledger: refunds and disputes of membership payments', () => {
  it('a referral whose first invoice is paid on 20 October (test clock) is paid on 15 November, not 15 October', async () => {
    const { memberId } = await referrerWith('2026-10-20T15:00:00Z');
    assert.deepEqual(
      (await commissionsOf(memberId)).map((c) => [c.amount, c.status, c.payoutMonth]),
      [['1.00', 'pending', '2026-11']],
    );
    const runner = h.app.get(PayoutRunner);
    await runner.run('2026-10');
    assert.equal((await commissionsOf(memberId))[0].status, 'pending', 'the October run leaves it alone');
    assert.equal(await payoutOf(memberId, '2026-10'), undefined);
    await runner.run('2026-11');
    assert.deepEqual(
      (await commissionsOf(memberId)).map((c) => [c.status, c.payoutDate]),
      [['paid', '2026-11-15']],
    );
    assert.deepEqual(await statsOf(memberId), { total: '1.00', pending: '0.00', paid: '1.00', carried: '0.00' });
  });

  it('a refund before the payout reverses the commission: never paid, shown reversed; redelivery and a dispute of the same charge change nothing', async () => {
    const { memberId, referred } = await referrerWith('2027-01-10T15:00:00Z');
    await h.stripe.refunds.create({ charge: referred[0].chargeId });
    const refunded = await deliveredEvent('charge.refunded', referred[0].chargeId);

    const [commission] = await commissionsOf(memberId);
    assert.deepEqual([commission.status, commission.payoutDate, commission.clawback], ['reversed', null, null]);
    assert.deepEqual(await statsOf(memberId), { total: '0.00', pending: '0.00', paid: '0.00', carried: '0.00' });
    const referrals = await h.rpc.send(MembershipSubjects.referrals, { memberId });
    assert.equal(referrals.items[0].commissionStatus, 'reversed');

    assert.equal(await redeliver(refunded), 'duplicate');
    await dispute(referred[0].chargeId);
    assert.equal(await redeliver(await deliveredEvent('charge.dispute.created', referred[0].chargeId)), 'duplicate');
    assert.deepEqual(await reversalsOf(memberId), [], 'a reversed commission needs no negative entry');

    const run = await h.app.get(PayoutRunner).run('2027-02');
    assert.equal(await payoutOf(memberId, '2027-02'), undefined, 'a reversed commission is never paid');
    assert.equal(run.status, 'completed');
    assert.equal((await commissionsOf(memberId))[0].status, 'reversed');
  });

  it('a refund after the payout adds one -1.00 entry (the paid row untouched) netted against the next month’s payout', async () => {
    const { memberId, referred } = await referrerWith('2027-03-05T15:00:00Z', '2027-04-10T15:00:00Z', '2027-04-11T15:00:00Z');
    const runner = h.app.get(PayoutRunner);
    await runner.run('2027-04');
    const april = await payoutOf(memberId, '2027-04');
    assert.deepEqual([april.gross, april.deducted, april.amount], ['1.00', '0.00', '1.00']);
    const paidBefore = (await h.data.query(`SELECT * FROM commissions WHERE earned_by_subscription_id = $1`, [
      referred[0].payment.subscriptionId,
    ])) as unknown[];

    await h.stripe.refunds.create({ payment_intent: referred[0].paymentIntentId });
    const refunded = await deliveredEvent('charge.refunded', referred[0].chargeId);
    // The dispute of the same charge (and Stripe delivering the refund again) add nothing more.
    await dispute(referred[0].chargeId);
    const disputed = await deliveredEvent('charge.dispute.created', referred[0].chargeId);
    assert.deepEqual(await Promise.all([redeliver(refunded), redeliver(disputed)]), ['duplicate', 'duplicate']);

    const paidAfter = (await h.data.query(`SELECT * FROM commissions WHERE earned_by_subscription_id = $1`, [referred[0].payment.subscriptionId])) as unknown[];
    assert.deepEqual(paidAfter, paidBefore, 'the paid commission row is never edited');
    const reversals = await reversalsOf(memberId);
    assert.deepEqual(
      reversals.map((r) => [r.amount, r.reason]),
      [['-1.00', 'refund']],
    );
    const listed = await commissionsOf(memberId);
    const clawed = listed.find((c) => c.payoutMonth === '2027-04')!;
    assert.deepEqual([clawed.status, clawed.payoutDate, clawed.clawback?.amount], ['paid', '2027-04-15', '-1.00']);
    assert.deepEqual(await statsOf(memberId), { total: '2.00', pending: '1.00', paid: '1.00', carried: '0.00' });
    assert.deepEqual((await payoutOf(memberId, '2027-04')).amount, '1.00', 'the April payout stays as paid');

    await runner.run('2027-05');
    const may = await payoutOf(memberId, '2027-05');
    assert.deepEqual([may.gross, may.deducted, may.amount, may.payout_date], ['2.00', '1.00', '1.00', '2027-05-15']);
    assert.deepEqual(await statsOf(memberId), { total: '2.00', pending: '0.00', paid: '2.00', carried: '0.00' });
  });

  it('a negative balance larger than a month’s commissions carries forward: payouts of 0.00 (not mailed) until it is settled', async () => {
    const { memberId, referred } = await referrerWith('2027-06-05T15:00:00Z', '2027-06-06T15:00:00Z');
    const runner = h.app.get(PayoutRunner);
    await runner.run('2027-07');
    assert.equal((await payoutOf(memberId, '2027-07')).amount, '2.00');
    for (const r of referred) {
      await h.stripe.refunds.create({ charge: r.chargeId });
      await deliveredEvent('charge.refunded', r.chargeId);
    }
    const code = (await h.rpc.send(MembershipSubjects.profile, { memberId })).referralCode;
    await joinOnClock('2027-07-10T15:00:00Z', code);
    assert.deepEqual(await statsOf(memberId), { total: '1.00', pending: '0.00', paid: '2.00', carried: '1.00' });

    await runner.run('2027-08');
    const august = await payoutOf(memberId, '2027-08');
    assert.deepEqual([august.gross, august.deducted, august.amount], ['1.00', '1.00', '0.00']);
    assert.ok(august.mailed_at, 'a 0.00 payout is settled without a mail');
    assert.equal(await mailQueue.getJob(`membership-payout_${august.id}`), undefined);
    assert.deepEqual(await statsOf(memberId), { total: '1.00', pending: '0.00', paid: '2.00', carried: '1.00' });

    await joinOnClock('2027-08-10T15:00:00Z', code);
    await joinOnClock('2027-08-11T15:00:00Z', code);
    assert.deepEqual(await statsOf(memberId), { total: '3.00', pending: '1.00', paid: '2.00', carried: '0.00' });
    await runner.run('2027-09');
    const september = await payoutOf(memberId, '2027-09');
    assert.deepEqual([september.gross, september.deducted, september.amount], ['2.00', '1.00', '1.00']);
    assert.equal((await mailQueue.getJob(`membership-payout_${september.id}`))?.data.subject, 'Your Marketshare payout of $1.00');
    assert.deepEqual(await statsOf(memberId), { total: '3.00', pending: '0.00', paid: '3.00', carried: '0.00' });
  });

  it('refunds racing the payout run: each commission is either reversed or paid and netted, once, and every referrer nets 0.00', async () => {
    const referrers = [];
    for (let i = 0; i < 8; i++) referrers.push(await referrerWith('2027-10-05T15:00:00Z'));
    const charges = referrers.map((r) => r.referred[0].chargeId);
    // The run and the refunds at the same time; each commission's row lock decides which comes first.
    await Promise.all([h.app.get(PayoutRunner).run('2027-11'), ...charges.map((charge) => h.stripe.refunds.create({ charge }))]);
    const events = await Promise.all(charges.map((c) => deliveredEvent('charge.refunded', c)));
    // Stripe delivering every refund again, all at once, decides nothing more.
    assert.ok((await Promise.all(events.map(redeliver))).every((o) => o === 'duplicate'));

    for (const r of referrers) {
      const [commission] = await commissionsOf(r.memberId);
      const reversals = await reversalsOf(r.memberId);
      const payout = await payoutOf(r.memberId, '2027-11');
      if (commission.status === 'reversed') {
        assert.deepEqual([reversals.length, payout], [0, undefined]);
        assert.deepEqual(await statsOf(r.memberId), { total: '0.00', pending: '0.00', paid: '0.00', carried: '0.00' });
      } else {
        assert.equal(commission.status, 'paid');
        assert.deepEqual([reversals.map((x) => x.amount), payout.amount], [['-1.00'], '1.00']);
        assert.deepEqual(await statsOf(r.memberId), { total: '0.00', pending: '0.00', paid: '1.00', carried: '1.00' });
      }
    }
  });

  it('the same refund delivered four times at once, with a dispute of the charge, makes one negative entry', async () => {
    const { memberId, referred } = await referrerWith('2027-12-05T15:00:00Z');
    await h.app.get(PayoutRunner).run('2028-01');
    await h.stripe.refunds.create({ charge: referred[0].chargeId });
    const refunded = await deliveredEvent('charge.refunded', referred[0].chargeId);
    await h.data.query(`DELETE FROM commission_reversals WHERE member_id = $1`, [memberId]);
    await h.data.query(`DELETE FROM stripe_events WHERE event_id = $1`, [refunded.id]);
    // As if none of it had arrived yet: four deliveries of the refund and the dispute race each other.
    await dispute(referred[0].chargeId);
    const disputed = await deliveredEvent('charge.dispute.created', referred[0].chargeId);
    await h.data.query(`DELETE FROM commission_reversals WHERE member_id = $1`, [memberId]);
    await h.data.query(`DELETE FROM stripe_events WHERE event_id = $1`, [disputed.id]);
    const outcomes = await Promise.all([refunded, refunded, refunded, refunded, disputed].map(redeliver));
    assert.deepEqual(outcomes.filter((o) => o === 'netted').length, 1, `outcomes: ${outcomes.join(', ')}`);
    assert.equal(outcomes.filter((o) => o === 'duplicate').length, 4);
    assert.equal((await reversalsOf(memberId)).length, 1);
    assert.deepEqual(await statsOf(memberId), { total: '0.00', pending: '0.00', paid: '1.00', carried: '1.00' });
  });

  it('a first payment refunded before the referred member’s join completes earns the referrer a reversed commission, never paid', async () => {
    const referrer = await joinedMember(h);
    const form = signup({ referralCode: referrer.joined.referralCode });
    const payment = await h.rpc.send(MembershipSubjects.createPayment, form);
    await payInBrowser(h, payment.clientSecret);
    // The buyer paid, then the payment was refunded before the browser came back to finish the join.
    const intent = await h.stripe.paymentIntents.retrieve(payment.clientSecret.split('_secret_')[0]);
    await h.stripe.refunds.create({ payment_intent: intent.id });
    const refunded = await deliveredEvent('charge.refunded', intent.latest_charge as string);
    assert.equal(await redeliver(refunded), 'duplicate', 'the refund was recorded although nobody had joined yet');
    await h.rpc.send(MembershipSubjects.join, { ...form, subscriptionId: payment.subscriptionId, customerId: payment.customerId });
    const memberId = referrer.joined.memberId;
    assert.deepEqual(
      (await commissionsOf(memberId)).map((c) => [c.amount, c.status, c.payoutDate]),
      [['1.00', 'reversed', null]],
    );
    const month = (await h.data.query(`SELECT payout_month FROM commissions WHERE member_id = $1`, [memberId]))[0].payout_month as string;
    await h.app.get(PayoutRunner).run(month);
    assert.equal(await payoutOf(memberId, month), undefined, 'nothing to pay');
    assert.deepEqual(await statsOf(memberId), { total: '0.00', pending: '0.00', paid: '0.00', carried: '0.00' });
  });

  it('a refund of a payment that is not a first membership invoice (a store payment) is ignored', async () => {
    const store = await h.stripe.paymentIntents.create({
      amount: 2599,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
      allowed_payment_method_types: ['card'],
    } as Stripe.PaymentIntentCreateParams);
    await h.stripe.refunds.create({ payment_intent: store.id });
    assert.equal(await redeliver(await deliveredEvent('charge.refunded', store.latest_charge as string)), 'ignored');
  });
});
