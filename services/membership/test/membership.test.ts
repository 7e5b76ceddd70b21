import { MembershipEvents, MembershipSubjects, REFERRAL_CODE_PATTERN } from '@km/contracts/membership';
import { InvalidError } from '@km/nest-kit';
import { eventually, testServers } from '@km/nest-kit/testing';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import { JOIN_COMPLETION_QUEUE, JoinCompletionQueue } from '../src/members/join-completion-queue';
import { MembersService } from '../src/members/members.service';
import {
  browserKey,
  countRows,
  joinedMember,
  payInBrowser,
  signup,
  startMembershipHarness,
  WEBHOOK_SECRET,
  type MembershipHarness,
} from './membership-harness';

let h: MembershipHarness;
beforeAll(async () => {
  h = await startMembershipHarness();
});
afterAll(() => h?.stop());

const memberStatus = async (subscriptionId: string) =>
  ((await h.data.query(`SELECT subscription_status FROM members WHERE stripe_subscription_id = $1`, [subscriptionId])) as { subscription_status: string }[])[0]
    ?.subscription_status;

const countMembersWith = async (email: string) =>
  ((await h.data.query(`SELECT count(*)::int AS n FROM members WHERE email = $1`, [email])) as { n: number }[])[0].n;

const signed = (payload: string, secret = WEBHOOK_SECRET) => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
};

describe('joining with a paid first invoice', () => {
  it('creates the member with an 8-character Crockford code, Stripe’s status and a joined event in the outbox', async () => {
    const { form, payment, joined } = await joinedMember(h);
    assert.match(payment.clientSecret, /^pi_\w+_secret_\w+$/);
    assert.match(payment.customerId, /^cus_/);
    assert.equal(joined.created, true);
    assert.match(joined.referralCode, REFERRAL_CODE_PATTERN);
    const [row] = (await h.data.query(`SELECT * FROM members WHERE id = $1`, [joined.memberId])) as Record<string, unknown>[];
    assert.equal(row.email, form.email);
    assert.equal(row.subscription_status, 'active');
    assert.equal(row.stripe_customer_id, payment.customerId);
    assert.ok(row.current_period_end instanceof Date);
    const events = (await h.data.query(`SELECT type, data FROM outbox WHERE type = $1 AND data->>'memberId' = $2`, [
      MembershipEvents.memberJoined,
      joined.memberId,
    ])) as { data: Record<string, unknown> }[];
    assert.deepEqual(
      events.map((e) => e.data),
      [{ memberId: joined.memberId, referrerId: null, commissionId: null }],
    );
    const sub = await h.stripe.subscriptions.retrieve(payment.subscriptionId);
    assert.equal(sub.items.data[0].price.unit_amount, 500);
    assert.equal(sub.items.data[0].price.recurring?.interval, 'month');
  });

  it('answers the same open subscription when the payment step is repeated, and reuses the customer', async () => {
    const form = signup();
    const first = await h.rpc.send(MembershipSubjects.createPayment, form);
    const again = await h.rpc.send(MembershipSubjects.createPayment, form);
    assert.deepEqual(again, first);
    assert.equal((await h.stripe.customers.list({ email: form.email })).data.length, 1);
  });

  it('a payment step repeated after paying (the join never came) answers 409 signup_paid with the ids to join with, not a second subscription', async () => {
    const form = signup();
    const payment = await h.rpc.send(MembershipSubjects.createPayment, form);
    await payInBrowser(h, payment.clientSecret);
    await assert.rejects(h.rpc.send(MembershipSubjects.createPayment, form), {
      code: 'conflict',
      message: 'Your payment for this membership has already gone through, so you will not be charged again. Finishing your membership now.',
      details: { reason: 'signup_paid', subscriptionId: payment.subscriptionId, customerId: payment.customerId },
    });
    assert.equal((await h.stripe.subscriptions.list({ customer: payment.customerId, status: 'all' })).data.length, 1);
    const joined = await h.rpc.send(MembershipSubjects.join, { ...form, subscriptionId: payment.subscriptionId, customerId: payment.customerId });
    assert.equal(joined.created, true);
  });

  it('returns the same member to a repeated join, also when five joins race', async () => {
    const form = signup();
    const payment = await h.rpc.send(MembershipSubjects.createPayment, form);
    await payInBrowser(h, payment.clientSecret);
    const request = { ...form, subscriptionId: payment.subscriptionId, customerId: payment.customerId };
    const results = await Promise.all(Array.from({ length: 5 }, () => h.rpc.send(MembershipSubjects.join, request)));
    assert.equal(new Set(results.map((r) => r.memberId)).size, 1);
    assert.equal(new Set(results.map((r) => r.referralCode)).size, 1);
    assert.equal(results.filter((r) => r.created).length, 1);
    const later = await h.rpc.send(MembershipSubjects.join, request);
    assert.deepEqual([later.memberId, later.created], [results[0].memberId, false]);
    const [n] = (await h.data.query(`SELECT count(*)::int AS n FROM members WHERE email = $1`, [form.email])) as { n: number }[];
    assert.equal(n.n, 1);
  });
});

describe('the payment step belongs to the browser that started it (ADR 0026)', () => {
  it('another browser’s payment step for the same email gets its own subscription and leaves the first one’s form alone', async () => {
    const form = signup();
    const first = await h.rpc.send(MembershipSubjects.createPayment, form);
    const other = await h.rpc.send(MembershipSubjects.createPayment, { ...form, firstName: 'Mallory', browserKey: browserKey() });
    assert.notEqual(other.subscriptionId, first.subscriptionId);
    assert.notEqual(other.clientSecret, first.clientSecret);
    assert.equal(other.customerId, first.customerId);
    assert.equal((await h.stripe.subscriptions.retrieve(first.subscriptionId)).metadata.km_first_name, 'Ruth');
    assert.deepEqual(await h.rpc.send(MembershipSubjects.createPayment, form), first);
  });

  it('once paid, only the browser that started it hears signup_paid; another browser gets a subscription of its own', async () => {
    const form = signup();
    const payment = await h.rpc.send(MembershipSubjects.createPayment, form);
    await payInBrowser(h, payment.clientSecret);
    const stranger = await h.rpc.send(MembershipSubjects.createPayment, { ...form, browserKey: browserKey() });
    assert.notEqual(stranger.subscriptionId, payment.subscriptionId);
    await assert.rejects(h.rpc.send(MembershipSubjects.createPayment, form), {
      code: 'conflict',
      details: { reason: 'signup_paid', subscriptionId: payment.subscriptionId, customerId: payment.customerId },
    });
  });

  it('the join takes names, phone and referral code from the payment step, not from the caller', async () => {
    const referrer = await joinedMember(h);
    const other = await joinedMember(h);
    const form = signup({ referralCode: referrer.joined.referralCode });
    const payment = await h.rpc.send(MembershipSubjects.createPayment, form);
    await payInBrowser(h, payment.clientSecret);
    const joined = await h.rpc.send(MembershipSubjects.join, {
      ...form,
      firstName: 'Mallory',
      phone: '555-6666',
      referralCode: other.joined.referralCode,
      browserKey: undefined,
      subscriptionId: payment.subscriptionId,
      customerId: payment.customerId,
    });
    const [row] = (await h.data.query(
      `SELECT m.first_name, m.phone, r.referral_code AS referrer FROM members m JOIN referrals x ON x.referred_id = m.id JOIN members r ON r.id = x.referrer_id WHERE m.id = $1`,
      [joined.memberId],
    )) as { first_name: string; phone: string; referrer: string }[];
    assert.deepEqual(row, { first_name: 'Ruth', phone: '555-0100', referrer: referrer.joined.referralCode });
  });

  it('sessionGranted is true once, only with the browser key of the payment step, also when five joins race', async () => {
    const form = signup();
    const payment = await h.rpc.send(MembershipSubjects.createPayment, form);
    await payInBrowser(h, payment.clientSecret);
    const ids = { subscriptionId: payment.subscriptionId, customerId: payment.customerId };
    const stranger = await h.rpc.send(MembershipSubjects.join, { ...form, ...ids, browserKey: browserKey() });
    const keyless = await h.rpc.send(MembershipSubjects.join, { ...form, ...ids, browserKey: undefined });
    assert.deepEqual([stranger.sessionGranted, keyless.sessionGranted], [false, false]);
    const racing = await Promise.all(Array.from({ length: 5 }, () => h.rpc.send(MembershipSubjects.join, { ...form, ...ids })));
    assert.deepEqual(racing.map((r) => r.sessionGranted).sort(), [false, false, false, false, true]);
    assert.equal((await h.rpc.send(MembershipSubjects.join, { ...form, ...ids })).sessionGranted, false);
  });
});

describe('a paid join the browser never finished', () => {
  /** Pays the first invoice as the browser would, then leaves: no POST /api/memberships. */
  async function paidAndLeft(overrides: Parameters<typeof signup>[0] = {}) {
    const form = signup(overrides);
    const payment = await h.rpc.send(MembershipSubjects.createPayment, form);
    await payInBrowser(h, payment.clientSecret);
    return { form, payment };
  }

  it('Stripe’s invoice.paid queues one delayed completion; when it runs, the buyer is a member with the form’s details, the referral and a welcome', async () => {
    const referrer = await joinedMember(h);
    const { form, payment } = await paidAndLeft({ phone: '555-0101', referralCode: referrer.joined.referralCode });
    const redis = new IORedis(testServers().KM_TEST_REDIS_URL!, { maxRetriesPerRequest: null });
    const queue = new Queue(JOIN_COMPLETION_QUEUE, { connection: redis });
    try {
      const job = await eventually(async () => (await queue.getJob(`join-${payment.subscriptionId}`)) ?? undefined, 15_000, 100);
      assert.deepEqual([job.data, job.opts.delay, await job.getState()], [{ subscriptionId: payment.subscriptionId }, 600_000, 'delayed']);
    } finally {
      await queue.close();
      await redis.quit();
    }
    assert.equal(await countMembersWith(form.email), 0, 'nobody joins before the delay');

    assert.equal(await h.app.get(JoinCompletionQueue).complete(payment.subscriptionId), 'joined');
    const [row] = (await h.data.query(`SELECT id, first_name, last_name, phone, stripe_customer_id, subscription_status FROM members WHERE email = $1`, [
      form.email,
    ])) as Record<string, string>[];
    assert.deepEqual(
      [row.first_name, row.last_name, row.phone, row.stripe_customer_id, row.subscription_status],
      [form.firstName, form.lastName, '555-0101', payment.customerId, 'active'],
    );
    const commissions = await h.rpc.send(MembershipSubjects.commissions, { memberId: referrer.joined.memberId });
    assert.deepEqual(
      commissions.items.map((c) => [c.amount, c.status]),
      [['1.00', 'pending']],
    );
    const joinedEvents = (await h.data.query(`SELECT count(*)::int AS n FROM outbox WHERE type = $1 AND data->>'memberId' = $2`, [
      MembershipEvents.memberJoined,
      row.id,
    ])) as { n: number }[];
    assert.equal(joinedEvents[0].n, 1, 'one joined event: the welcome email');
    // The browser coming back late, and the job run again, find the same member.
    const late = await h.rpc.send(MembershipSubjects.join, { ...form, subscriptionId: payment.subscriptionId, customerId: payment.customerId });
    assert.deepEqual([late.memberId, late.created], [row.id, false]);
    assert.equal(await h.app.get(JoinCompletionQueue).complete(payment.subscriptionId), 'already_joined');
  });

  it('the completion and the browser’s own join at the same moment make one member', async () => {
    const { form, payment } = await paidAndLeft();
    const request = { ...form, subscriptionId: payment.subscriptionId, customerId: payment.customerId };
    const [completed, joined] = await Promise.all([
      h.app.get(JoinCompletionQueue).complete(payment.subscriptionId),
      h.rpc.send(MembershipSubjects.join, request),
    ]);
    assert.deepEqual([completed, joined.created].sort(), completed === 'joined' ? [false, 'joined'].sort() : [true, 'already_joined'].sort());
    assert.equal(await countMembersWith(form.email), 1);
  });

  it('a join refused for good, the referral code dropped or not, is refused at once, not retried', async () => {
    const referrer = await joinedMember(h);
    const { form, payment } = await paidAndLeft({ referralCode: referrer.joined.referralCode });
    const join = jest.spyOn(h.app.get(MembersService), 'join').mockRejectedValue(new InvalidError('The form on the subscription is not valid.'));
    try {
      assert.equal(await h.app.get(JoinCompletionQueue).complete(payment.subscriptionId), 'refused');
      assert.deepEqual(
        join.mock.calls.map(([, options]) => options?.withoutReferral ?? false),
        [false, true],
      );
    } finally {
      join.mockRestore();
    }
    assert.equal(await countMembersWith(form.email), 0);
  });

  it('an unpaid subscription and one that is not membership’s make nobody a member', async () => {
    const form = signup();
    const payment = await h.rpc.send(MembershipSubjects.createPayment, form);
    assert.equal(await h.app.get(JoinCompletionQueue).complete(payment.subscriptionId), 'not_paid');
    const customer = await h.stripe.customers.create({ email: form.email });
    const price = (await h.stripe.prices.list({ limit: 1 })).data[0];
    const other = await h.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    assert.equal(await h.app.get(JoinCompletionQueue).complete(other.id), 'not_ours');
    assert.equal(await countMembersWith(form.email), 0);
  });
});

describe('joins that are refused create nothing', () => {
  it('an unpaid first invoice: 409 payment_incomplete', async () => {
    const before = await countRows(h, 'members');
    const form = signup();
    const payment = await h.rpc.send(MembershipSubjects.createPayment, form);
    await assert.rejects(h.rpc.send(MembershipSubjects.join, { ...form, subscriptionId: payment.subscriptionId, customerId: payment.customerId }), {
      code: 'conflict',
      details: { reason: 'payment_incomplete' },
    });
    await assert.rejects(payInBrowser(h, payment.clientSecret, 'pm_card_chargeDeclined'), { code: 'card_declined' });
    await assert.rejects(h.rpc.send(MembershipSubjects.join, { ...form, subscriptionId: payment.subscriptionId, customerId: payment.customerId }), {
      details: { reason: 'payment_incomplete' },
    });
    assert.equal(await countRows(h, 'members'), before);
  });

  it('someone else’s paid subscription or customer, a subscription of another Stripe product, and an unknown id: 400 naming subscriptionId', async () => {
    const a = signup();
    const pa = await h.rpc.send(MembershipSubjects.createPayment, a);
    await payInBrowser(h, pa.clientSecret);
    const b = signup();
    const pb = await h.rpc.send(MembershipSubjects.createPayment, b);
    await payInBrowser(h, pb.clientSecret);
    const before = await countRows(h, 'members');
    const refused = {
      code: 'invalid',
      details: { fields: [{ field: 'subscriptionId', message: 'subscriptionId does not belong to this customer and email. Please start the signup again.' }] },
    };
    // B presents A's paid subscription with B's customer, or with A's customer but B's email.
    await assert.rejects(h.rpc.send(MembershipSubjects.join, { ...b, subscriptionId: pa.subscriptionId, customerId: pb.customerId }), refused);
    await assert.rejects(h.rpc.send(MembershipSubjects.join, { ...b, subscriptionId: pa.subscriptionId, customerId: pa.customerId }), refused);
    // A paid subscription that is not a membership (another product, no membership mark).
    const product = await h.stripe.products.create({ name: 'Something else' });
    const price = await h.stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 500, recurring: { interval: 'month' } });
    const other = await h.stripe.subscriptions.create({
      customer: pb.customerId,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    await payInBrowser(h, (other.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret);
    await assert.rejects(h.rpc.send(MembershipSubjects.join, { ...b, subscriptionId: other.id, customerId: pb.customerId }), {
      code: 'invalid',
      details: { fields: [{ field: 'subscriptionId', message: 'subscriptionId is not a Marketshare subscription. Please start the signup again.' }] },
    });
    await assert.rejects(h.rpc.send(MembershipSubjects.join, { ...b, subscriptionId: 'sub_doesnotexist', customerId: pb.customerId }), {
      code: 'invalid',
      details: { fields: [{ field: 'subscriptionId', message: 'subscriptionId is not a Marketshare subscription. Please start the signup again.' }] },
    });
    assert.equal(await countRows(h, 'members'), before);
  });

  it('an email that already is an active member: 409 already_member at the payment step and at join', async () => {
    const { form, payment } = await joinedMember(h);
    await assert.rejects(h.rpc.send(MembershipSubjects.createPayment, form), { code: 'conflict', details: { reason: 'already_member' } });
    const stranger = signup();
    await assert.rejects(h.rpc.send(MembershipSubjects.createPayment, { ...stranger, referralCode: 'ZZZZZZZZ' }), {
      code: 'invalid',
      details: { fields: [{ field: 'referralCode', message: 'referralCode does not match any member. Check the code, or leave it empty.' }] },
    });
    assert.equal(
      (await h.rpc.send(MembershipSubjects.join, { ...form, subscriptionId: payment.subscriptionId, customerId: payment.customerId })).created,
      false,
    );
  });
});

describe('referrals', () => {
  it('a valid code of another member makes exactly one referral with one pending $1.00 commission, paid on the next month’s 15th', async () => {
    const referrer = await joinedMember(h);
    const referred = await joinedMember(h, { referralCode: referrer.joined.referralCode.toLowerCase() });
    const commissions = (await h.data.query(
      `SELECT amount::text AS amount, status, member_id, payout_month, payout_date::text AS payout_date FROM commissions WHERE member_id = $1`,
      [referrer.joined.memberId],
    )) as Record<string, string>[];
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
    const month = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
    assert.deepEqual(commissions, [
      { amount: '1.00', status: 'pending', member_id: referrer.joined.memberId, payout_month: month, payout_date: `${month}-15` },
    ]);

    const memberId = referrer.joined.memberId;
    const referrals = await h.rpc.send(MembershipSubjects.referrals, { memberId });
    assert.equal(referrals.total, 1);
    assert.deepEqual(referrals.items[0].referredMember.email, referred.form.email);
    assert.deepEqual(
      { ...referrals.items[0], id: undefined, referredMember: { ...referrals.items[0].referredMember, memberSince: undefined } },
      {
        id: undefined,
        referredMember: { firstName: 'Ruth', lastName: 'Moab', email: referred.form.email, memberSince: undefined },
        commissionStatus: 'pending',
        commissionAmount: '1.00',
      },
    );
    const stats = await h.rpc.send(MembershipSubjects.stats, { memberId });
    assert.deepEqual(stats, {
      totalReferrals: 1,
      totalCommissions: '1.00',
      pendingCommissions: '1.00',
      carriedBalance: '0.00',
      paidCommissions: '0.00',
      totalProfitBonuses: '0.00',
      membershipDiscount: 5,
      memberSavings: '0.00',
      membershipCredit: '0.00',
    });
    const profile = await h.rpc.send(MembershipSubjects.profile, { memberId });
    assert.deepEqual([profile.totalReferrals, profile.totalCommissions, profile.subscriptionStatus], [1, '1.00', 'active']);
    const commissionList = await h.rpc.send(MembershipSubjects.commissions, { memberId });
    assert.deepEqual(
      commissionList.items.map((c) => [c.amount, c.status, c.payoutMonth]),
      [['1.00', 'pending', month]],
    );
    assert.deepEqual(await h.rpc.send(MembershipSubjects.profitBonuses, { memberId }), { items: [], total: 0, page: 1, pageSize: 50 });
    // A repeated join of the referred member adds nothing.
    await h.rpc.send(MembershipSubjects.join, { ...referred.form, subscriptionId: referred.payment.subscriptionId, customerId: referred.payment.customerId });
    const [n] = (await h.data.query(`SELECT count(*)::int AS n FROM commissions WHERE member_id = $1`, [memberId])) as { n: number }[];
    assert.equal(n.n, 1);
  });

  it('nobody refers themself: their own code with the same email or the same Stripe customer is refused, and nothing is created', async () => {
    const { form, payment, joined } = await joinedMember(h);
    // The membership ends, so the same person may sign up again, but not with their own code.
    await h.stripe.subscriptions.cancel(payment.subscriptionId);
    await eventually(async () => (await memberStatus(payment.subscriptionId)) === 'canceled', 10_000);
    const own = {
      code: 'invalid',
      details: { fields: [{ field: 'referralCode', message: 'referralCode is your own referral code; a member cannot refer themself.' }] },
    };
    await assert.rejects(h.rpc.send(MembershipSubjects.createPayment, { ...form, referralCode: joined.referralCode }), own);
    // Paying first and joining with the own code (same email, same Stripe customer) is refused at the join too. The
    // join reads the code from the subscription's metadata, where the payment step puts it (ADR 0026).
    const before = [await countRows(h, 'referrals'), await countRows(h, 'commissions')];
    const sub = await h.stripe.subscriptions.create({
      customer: payment.customerId,
      items: [{ price: (await h.stripe.subscriptions.retrieve(payment.subscriptionId)).items.data[0].price.id }],
      payment_behavior: 'default_incomplete',
      metadata: { km_source: 'membership', km_first_name: form.firstName, km_last_name: form.lastName, km_referral_code: joined.referralCode },
      expand: ['latest_invoice.confirmation_secret'],
    });
    await payInBrowser(h, (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret);
    await assert.rejects(
      h.rpc.send(MembershipSubjects.join, { ...form, referralCode: joined.referralCode, subscriptionId: sub.id, customerId: payment.customerId }),
      own,
    );
    assert.deepEqual([await countRows(h, 'referrals'), await countRows(h, 'commissions')], before);
  });
});

describe('subscription webhooks', () => {
  it('events delivered out of order and five times each end in Stripe’s latest status, each event acted on once', async () => {
    const { payment, joined } = await joinedMember(h);
    const subId = payment.subscriptionId;
    await h.stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    await h.stripe.subscriptions.update(subId, { cancel_at_period_end: false });
    await h.stripe.subscriptions.cancel(subId);
    const res = await fetch(`${h.emulator.url}/_emulator/events`);
    const handledTypes = [
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
      'invoice.paid',
      'invoice.payment_failed',
    ];
    const events = ((await res.json()) as { data: Stripe.Event[] }).data.filter((e) => {
      const o = e.data.object as { id?: string; parent?: { subscription_details?: { subscription?: string } } };
      return handledTypes.includes(e.type) && (o.id === subId || o.parent?.subscription_details?.subscription === subId);
    });
    assert.ok(events.length >= 6, `expected the subscription's events, got ${events.length}`);
    // Newest first, then every event five times at once.
    const payloads = events.reverse().map((e) => JSON.stringify(e));
    const outcomes = await Promise.all(
      payloads.flatMap((p) =>
        Array.from({ length: 5 }, () =>
          h.rpc.send(MembershipSubjects.handleStripeWebhook, { payload: Buffer.from(p).toString('base64'), signature: signed(p) }),
        ),
      ),
    );
    assert.equal((await h.stripe.subscriptions.retrieve(subId)).status, 'canceled');
    assert.equal(await memberStatus(subId), 'canceled');
    const ids = new Set(events.map((e) => e.id));
    const [handled] = (await h.data.query(`SELECT count(*)::int AS n FROM stripe_events WHERE event_id = ANY($1)`, [[...ids]])) as { n: number }[];
    assert.equal(handled.n, ids.size);
    // Each event id applied at most once (some were applied by the emulator's own deliveries first).
    assert.ok(outcomes.filter((o) => o.outcome === 'applied').length <= ids.size);
    assert.equal((await h.rpc.send(MembershipSubjects.profile, { memberId: joined.memberId })).subscriptionStatus, 'canceled');
  });

  it('refuses an event signed with another secret (orders’ endpoint) with a 400 that says why', async () => {
    const payload = JSON.stringify({ id: 'evt_x', object: 'event', type: 'customer.subscription.updated', created: 1, data: { object: { id: 'sub_x' } } });
    await assert.rejects(
      h.rpc.send(MembershipSubjects.handleStripeWebhook, {
        payload: Buffer.from(payload).toString('base64'),
        signature: signed(payload, 'whsec_local_dev_secret'),
      }),
      { code: 'invalid', message: /does not match the body and the membership webhook secret/ },
    );
  });

  it('a test clock through a failed renewal shows past_due, and paying the invoice shows active again', async () => {
    const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) });
    const form = signup();
    const customer = await h.stripe.customers.create({ email: form.email, test_clock: clock.id, metadata: { km_source: 'membership' } });
    // The payment step reuses the customer it holds for the email: here, one on the test clock.
    await h.data.query(`INSERT INTO signups (email, stripe_customer_id) VALUES ($1, $2)`, [form.email, customer.id]);
    const payment = await h.rpc.send(MembershipSubjects.createPayment, form);
    assert.equal(payment.customerId, customer.id);
    await payInBrowser(h, payment.clientSecret);
    await h.rpc.send(MembershipSubjects.join, { ...form, subscriptionId: payment.subscriptionId, customerId: customer.id });
    const failing = await h.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    const sub = await h.stripe.subscriptions.update(payment.subscriptionId, { default_payment_method: failing.id });

    await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: sub.items.data[0].current_period_end + 3600 });
    await eventually(async () => (await memberStatus(sub.id)) === 'past_due', 10_000);
    const invoice = (await h.stripe.invoices.list({ subscription: sub.id, status: 'open' })).data[0];
    await h.stripe.invoices.pay(invoice.id!, { payment_method: 'pm_card_visa' });
    await eventually(async () => (await memberStatus(sub.id)) === 'active', 10_000);
    const [row] = (await h.data.query(`SELECT current_period_end FROM members WHERE stripe_subscription_id = $1`, [sub.id])) as { current_period_end: Date }[];
    assert.equal(row.current_period_end.getTime() / 1000, (await h.stripe.subscriptions.retrieve(sub.id)).items.data[0].current_period_end);
  });
});

describe('profile and cancellation', () => {
  it('changes first name, last name and phone; refuses an email with a message pointing to support', async () => {
    const { joined, form } = await joinedMember(h);
    const updated = await h.rpc.send(MembershipSubjects.updateProfile, {
      memberId: joined.memberId,
      profile: { firstName: 'Naomi', lastName: 'Bethlehem', phone: '' },
    });
    assert.deepEqual([updated.firstName, updated.lastName, updated.phone, updated.email], ['Naomi', 'Bethlehem', null, form.email]);
    await assert.rejects(
      h.rpc.send(MembershipSubjects.updateProfile, { memberId: joined.memberId, profile: { firstName: 'N', lastName: 'B', email: 'new@example.com' } }),
      { code: 'invalid', message: /contact support/ },
    );
    assert.equal((await h.rpc.send(MembershipSubjects.profile, { memberId: joined.memberId })).email, form.email);
  });

  it('cancels at the period end and resumes, as Stripe has it', async () => {
    const { joined, payment } = await joinedMember(h);
    const cancelled = await h.rpc.send(MembershipSubjects.cancel, { memberId: joined.memberId });
    assert.deepEqual([cancelled.cancelAtPeriodEnd, cancelled.subscriptionStatus], [true, 'active']);
    assert.equal((await h.stripe.subscriptions.retrieve(payment.subscriptionId)).cancel_at_period_end, true);
    const resumed = await h.rpc.send(MembershipSubjects.resume, { memberId: joined.memberId });
    assert.equal(resumed.cancelAtPeriodEnd, false);
    assert.equal((await h.stripe.subscriptions.retrieve(payment.subscriptionId)).cancel_at_period_end, false);
  });
});
