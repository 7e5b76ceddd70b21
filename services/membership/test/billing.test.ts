import { MembershipSubjects } from '@km/contracts/membership';
import { eventually, testServers } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import type Stripe from 'stripe';
import { Dunning } from '../src/billing/dunning';
import { joinedMember, payInBrowser, signup, startMembershipHarness, type MembershipHarness } from './membership-harness';

// A short grace period, so the dunning steps happen within a test: reminded after 5 s, cancelled after 20 s.
const GRACE_MS = 20_000;
let h: MembershipHarness;
beforeAll(async () => {
  h = await startMembershipHarness({
    DUNNING_GRACE_MS: String(GRACE_MS),
    DUNNING_REMINDER_BEFORE_MS: '15000',
    STAFF_BILLING_EMAIL: 'billing-staff@example.com',
  });
});
afterAll(() => h?.stop());

interface Mail {
  subject: string;
  to: { address: string }[];
  text: string;
}
const mailsTo = async (address: string, subject: string): Promise<Mail[]> => {
  const res = await fetch(`${testServers().KM_TEST_MAIL_API_URL}/api/email`);
  return ((await res.json()) as Mail[]).filter((m) => m.to.some((t) => t.address === address) && m.subject.startsWith(subject));
};
const FAILED = 'Your Marketshare payment did not go through';
const REMINDER = 'Reminder: update your card by';
const STAFF = 'Marketshare membership cancelled for non-payment';

/** The staff alerts about this member once the first has come, and a moment after (a second would have come by then). */
async function staffAlertsAbout(email: string): Promise<Mail[]> {
  const about = async () => (await mailsTo('billing-staff@example.com', STAFF)).filter((x) => x.text.includes(email));
  await eventually(async () => (await about()).length > 0, 10_000);
  await new Promise((r) => setTimeout(r, 1000));
  return about();
}

interface Row {
  subscription_status: string;
  past_due_since: Date | null;
  grace_ends_at: Date | null;
  dunning_reminded_at: Date | null;
  dunning_cancelled_at: Date | null;
}
const row = async (memberId: string) => ((await h.data.query(`SELECT * FROM members WHERE id = $1`, [memberId])) as Row[])[0];

/** A member on a test clock whose default card starts declining every charge (Stripe's 4000 0000 0000 0341). */
async function memberWithFailingCard() {
  const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) });
  const form = signup();
  const customer = await h.stripe.customers.create({ email: form.email, test_clock: clock.id, metadata: { km_source: 'membership' } });
  await h.data.query(`INSERT INTO signups (email, stripe_customer_id) VALUES ($1, $2)`, [form.email, customer.id]);
  const payment = await h.rpc.send(MembershipSubjects.createPayment, form);
  await payInBrowser(h, payment.clientSecret);
  const joined = await h.rpc.send(MembershipSubjects.join, { ...form, subscriptionId: payment.subscriptionId, customerId: customer.id });
  const failing = await h.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
  const sub = await h.stripe.subscriptions.update(payment.subscriptionId, { default_payment_method: failing.id });
  return { clock, form, customer, sub, memberId: joined.memberId };
}

/** The renewal is declined: Stripe's invoice.payment_failed and the subscription past_due reach membership. */
async function renewalFails(m: Awaited<ReturnType<typeof memberWithFailingCard>>) {
  await h.stripe.testHelpers.testClocks.advance(m.clock.id, { frozen_time: m.sub.items.data[0].current_period_end + 3600 });
  await eventually(async () => (await row(m.memberId)).past_due_since !== null, 10_000);
  return row(m.memberId);
}

/** What the Payment Element does with a SetupIntent: Stripe.js confirms it with the publishable key and the typed card. */
async function saveCardInBrowser(clientSecret: string, number: string): Promise<string> {
  const id = clientSecret.split('_secret_')[0];
  const body = new URLSearchParams({
    key: 'pk_test_membership',
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': String(new Date().getFullYear() + 2),
    'payment_method_data[card][cvc]': '123',
  });
  const res = await fetch(`${h.emulator.url}/v1/setup_intents/${id}/confirm`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  assert.equal(res.status, 200, await res.clone().text());
  return id;
}

async function newCard(memberId: string, number = '4242424242424242') {
  const { clientSecret } = await h.rpc.send(MembershipSubjects.setupCard, { memberId });
  return saveCardInBrowser(clientSecret, number);
}

describe('dunning (ADR 0059)', () => {
  it('a card that starts failing: past_due with a grace period, one email with the update-card link; a new card pays the invoice and the member is active again', async () => {
    const m = await memberWithFailingCard();
    const pastDue = await renewalFails(m);
    assert.equal(pastDue.subscription_status, 'past_due');
    assert.equal(pastDue.grace_ends_at!.getTime() - pastDue.past_due_since!.getTime(), GRACE_MS);
    const profile = await h.rpc.send(MembershipSubjects.profile, { memberId: m.memberId });
    assert.deepEqual([profile.subscriptionStatus, profile.graceEndsAt], ['past_due', pastDue.grace_ends_at!.toISOString()]);
    // A past-due member gets no member discount.
    assert.equal((await h.rpc.send(MembershipSubjects.discount, { memberId: m.memberId })).percent, 0);

    // The card is updated within the grace period (the email's button leads there; its text is checked below).
    const setupIntentId = await newCard(m.memberId);
    const billing = await h.rpc.send(MembershipSubjects.useCard, { memberId: m.memberId, setupIntentId });
    assert.deepEqual([billing.subscriptionStatus, billing.graceEndsAt, billing.card?.last4], ['active', null, '4242']);
    const sub = await h.stripe.subscriptions.retrieve(m.sub.id);
    assert.equal(sub.status, 'active');
    const invoices = await h.stripe.invoices.list({ subscription: m.sub.id });
    assert.deepEqual(
      invoices.data.map((i) => [i.billing_reason, i.status]),
      [
        ['subscription_cycle', 'paid'],
        ['subscription_create', 'paid'],
      ],
    );
    const after = await row(m.memberId);
    assert.deepEqual([after.subscription_status, after.past_due_since, after.grace_ends_at], ['active', null, null]);
    assert.equal((await h.rpc.send(MembershipSubjects.discount, { memberId: m.memberId })).percent, 5);
    const [mail] = await eventually(async () => {
      const mails = await mailsTo(m.form.email, FAILED);
      return mails.length ? mails : false;
    }, 10_000);
    assert.match(mail.text, /http:\/\/localhost:3999\/member-dashboard#update-card/);

    // The grace period's end passes with nothing to do: no cancellation, no staff alert.
    await new Promise((r) => setTimeout(r, GRACE_MS));
    assert.equal((await h.stripe.subscriptions.retrieve(m.sub.id)).status, 'active');
    assert.equal((await row(m.memberId)).dunning_cancelled_at, null);
    assert.equal((await mailsTo(m.form.email, FAILED)).length, 1);
    assert.equal((await mailsTo('billing-staff@example.com', STAFF)).filter((x) => x.text.includes(m.form.email)).length, 0);
  });

  it('no card update: one reminder before the end, then cancelled in Stripe at the end of grace with one staff alert', async () => {
    const m = await memberWithFailingCard();
    await renewalFails(m);
    await eventually(async () => (await row(m.memberId)).dunning_reminded_at !== null, 10_000);
    const [reminder] = await eventually(async () => {
      const mails = await mailsTo(m.form.email, REMINDER);
      return mails.length ? mails : false;
    }, 10_000);
    assert.match(reminder.text, /member-dashboard#update-card/);
    await eventually(async () => (await row(m.memberId)).subscription_status === 'canceled', GRACE_MS + 10_000);
    const sub = await h.stripe.subscriptions.retrieve(m.sub.id);
    assert.equal(sub.status, 'canceled');
    assert.match(sub.cancellation_details?.comment ?? '', /non-payment/);
    assert.equal((await staffAlertsAbout(m.form.email)).length, 1);
    assert.equal((await mailsTo(m.form.email, REMINDER)).length, 1);
    assert.notEqual((await row(m.memberId)).dunning_cancelled_at, null);
  });

  it('five workers at the grace period’s end at once: one reminder, one cancellation in Stripe, one staff alert', async () => {
    const m = await memberWithFailingCard();
    const pastDue = await renewalFails(m);
    const since = pastDue.past_due_since!.toISOString();
    const dunning = h.app.get(Dunning);
    const reminded = await Promise.all(Array.from({ length: 5 }, () => dunning.remind({ memberId: m.memberId, since })));
    assert.deepEqual(reminded.filter((o) => o === 'reminded').length, 1);
    // The end of grace, now: the steps run before their scheduled jobs do.
    await h.data.query(`UPDATE members SET grace_ends_at = now() - interval '1 second' WHERE id = $1`, [m.memberId]);
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => dunning.expire({ memberId: m.memberId, since })));
    assert.deepEqual(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'threw')).sort(), ['cancelled', 'nothing', 'nothing', 'nothing', 'nothing']);
    assert.equal((await h.stripe.subscriptions.retrieve(m.sub.id)).status, 'canceled');
    assert.equal((await staffAlertsAbout(m.form.email)).length, 1);
    assert.equal((await mailsTo(m.form.email, REMINDER)).length, 1);
  });

  it('a past-due member keeps earning commissions: a referral by their code is a pending $1.00', async () => {
    const m = await memberWithFailingCard();
    await renewalFails(m);
    const code = (await h.rpc.send(MembershipSubjects.profile, { memberId: m.memberId })).referralCode;
    // Another card than the referrer's first payment (visa): one card for both would be held as self-referral (ADR 0028).
    await joinedMember(h, { referralCode: code }, 'pm_card_discover');
    const commissions = await h.rpc.send(MembershipSubjects.commissions, { memberId: m.memberId });
    assert.deepEqual(
      commissions.items.map((c) => [c.amount, c.status]),
      [['1.00', 'pending']],
    );
  });
});

describe('updating the card', () => {
  it('three updates at once while past_due retry the invoice once: one charge, the member active', async () => {
    const m = await memberWithFailingCard();
    await renewalFails(m);
    const setups = await Promise.all([newCard(m.memberId), newCard(m.memberId, '5555555555554444'), newCard(m.memberId, '4000056655665556')]);
    const results = await Promise.all(setups.map((setupIntentId) => h.rpc.send(MembershipSubjects.useCard, { memberId: m.memberId, setupIntentId })));
    assert.deepEqual(
      results.map((r) => r.subscriptionStatus),
      ['active', 'active', 'active'],
    );
    const renewal = (await h.stripe.invoices.list({ subscription: m.sub.id })).data.find((i) => i.billing_reason === 'subscription_cycle')!;
    assert.deepEqual([renewal.status, renewal.amount_paid], ['paid', 500]);
    const paidCharges = (await h.stripe.charges.list({ customer: m.customer.id, limit: 100 })).data.filter((c) => c.paid);
    assert.equal(paidCharges.length, 2, 'the first invoice and one retry of the renewal');
  });

  it('a new card the bank declines on the retry: 409 card_declined with the bank’s words, still past_due', async () => {
    const m = await memberWithFailingCard();
    await renewalFails(m);
    const setupIntentId = await newCard(m.memberId, '4000000000000341');
    await assert.rejects(h.rpc.send(MembershipSubjects.useCard, { memberId: m.memberId, setupIntentId }), {
      code: 'conflict',
      message: /Your card was declined\. .*Try another card\./,
    });
    assert.equal((await row(m.memberId)).subscription_status, 'past_due');
  });

  it('an active member’s new card becomes the subscription’s default without a charge', async () => {
    const { joined, payment } = await joinedMember(h);
    const setupIntentId = await newCard(joined.memberId, '5555555555554444');
    const billing = await h.rpc.send(MembershipSubjects.useCard, { memberId: joined.memberId, setupIntentId });
    assert.deepEqual([billing.subscriptionStatus, billing.card?.brand, billing.card?.last4], ['active', 'mastercard', '4444']);
    const sub = await h.stripe.subscriptions.retrieve(payment.subscriptionId, { expand: ['default_payment_method'] });
    assert.equal((sub.default_payment_method as Stripe.PaymentMethod).card?.last4, '4444');
    assert.equal((await h.stripe.invoices.list({ subscription: payment.subscriptionId })).data.length, 1);
  });

  it('another member’s card setup, a made-up one and one never confirmed are refused; nothing changes', async () => {
    const a = await joinedMember(h);
    const b = await joinedMember(h);
    const bSetup = await newCard(b.joined.memberId);
    await assert.rejects(h.rpc.send(MembershipSubjects.useCard, { memberId: a.joined.memberId, setupIntentId: bSetup }), { code: 'not_found' });
    await assert.rejects(h.rpc.send(MembershipSubjects.useCard, { memberId: a.joined.memberId, setupIntentId: 'seti_madeup' }), { code: 'not_found' });
    await assert.rejects(h.rpc.send(MembershipSubjects.useCard, { memberId: a.joined.memberId, setupIntentId: 'pi_123' }), { code: 'invalid' });
    const { clientSecret } = await h.rpc.send(MembershipSubjects.setupCard, { memberId: a.joined.memberId });
    await assert.rejects(h.rpc.send(MembershipSubjects.useCard, { memberId: a.joined.memberId, setupIntentId: clientSecret.split('_secret_')[0] }), {
      code: 'conflict',
      message: /has not been saved yet/,
    });
  });
});

describe('invoices and receipts', () => {
  it('lists the member’s invoices and shows one as a receipt; another member’s invoice is not found', async () => {
    const a = await joinedMember(h, {}, 'pm_card_visa');
    const b = await joinedMember(h);
    const { items } = await h.rpc.send(MembershipSubjects.invoices, { memberId: a.joined.memberId });
    assert.equal(items.length, 1);
    assert.deepEqual([items[0].amount, items[0].status], ['5.00', 'paid']);
    const receipt = await h.rpc.send(MembershipSubjects.invoice, { memberId: a.joined.memberId, invoiceId: items[0].id });
    assert.deepEqual(
      [receipt.amount, receipt.status, receipt.card, receipt.customerEmail, receipt.customerName],
      ['5.00', 'paid', { brand: 'visa', last4: '4242' }, a.form.email, 'Ruth Moab'],
    );
    assert.ok(receipt.paidAt && receipt.periodEnd > receipt.periodStart);

    const bInvoice = (await h.rpc.send(MembershipSubjects.invoices, { memberId: b.joined.memberId })).items[0];
    await assert.rejects(h.rpc.send(MembershipSubjects.invoice, { memberId: a.joined.memberId, invoiceId: bInvoice.id }), { code: 'not_found' });
    await assert.rejects(h.rpc.send(MembershipSubjects.invoice, { memberId: a.joined.memberId, invoiceId: 'in_doesnotexist' }), { code: 'not_found' });
    await assert.rejects(h.rpc.send(MembershipSubjects.invoice, { memberId: a.joined.memberId, invoiceId: '../v1/customers' }), { code: 'invalid' });
  });
});

describe('cancel with a reason', () => {
  it('keeps the reason and note for the admin, tells Stripe, keeps access to the period’s end; resuming clears it', async () => {
    const { joined, payment } = await joinedMember(h);
    const profile = await h.rpc.send(MembershipSubjects.cancel, {
      memberId: joined.memberId,
      cancellation: { reason: 'too_expensive', comment: '  Money is tight this year.  ' },
    });
    assert.deepEqual([profile.cancelAtPeriodEnd, profile.subscriptionStatus], [true, 'active']);
    assert.ok(profile.currentPeriodEnd);
    const sub = await h.stripe.subscriptions.retrieve(payment.subscriptionId);
    assert.deepEqual([sub.cancellation_details?.feedback, sub.cancellation_details?.comment], ['too_expensive', 'Money is tight this year.']);
    const listed = (await h.rpc.send(MembershipSubjects.listMembers, { page: 1, pageSize: 100 })).items.find((x) => x.memberId === joined.memberId)!;
    assert.deepEqual([listed.cancelReason, listed.cancelComment], ['too_expensive', 'Money is tight this year.']);

    await h.rpc.send(MembershipSubjects.resume, { memberId: joined.memberId });
    const resumed = (await h.rpc.send(MembershipSubjects.listMembers, { page: 1, pageSize: 100 })).items.find((x) => x.memberId === joined.memberId)!;
    assert.deepEqual([resumed.cancelAtPeriodEnd, resumed.cancelReason, resumed.cancelComment], [false, null, null]);
  });

  it('refuses a reason not on the list and a note over 500 characters with a 400 naming the field; cancelling without a reason still works', async () => {
    const { joined } = await joinedMember(h);
    await assert.rejects(h.rpc.send(MembershipSubjects.cancel, { memberId: joined.memberId, cancellation: { reason: 'bogus' as never } }), {
      code: 'invalid',
      message: /reason must be one of/,
    });
    await assert.rejects(h.rpc.send(MembershipSubjects.cancel, { memberId: joined.memberId, cancellation: { comment: 'x'.repeat(501) } }), {
      code: 'invalid',
      message: /at most 500/,
    });
    assert.equal((await h.rpc.send(MembershipSubjects.profile, { memberId: joined.memberId })).cancelAtPeriodEnd, false);
    assert.equal((await h.rpc.send(MembershipSubjects.cancel, { memberId: joined.memberId })).cancelAtPeriodEnd, true);
  });
});
