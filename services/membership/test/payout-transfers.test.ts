// Payouts that move money (ADR 0048): each payout of a run becomes one Stripe transfer to the member's connected
// account, keyed by the payout id, or is held with a reason and retried by every later run. The emulator counts
// transfers per Idempotency-Key; these tests read it.
import { MembershipSubjects } from '@km/contracts';
import { eventually } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { PayoutAccounts } from '../src/payouts/payout-accounts';
import { PayoutRunner } from '../src/payouts/payout-runner';
import { PayoutTransfers } from '../src/payouts/payout-transfers';
import { EarningsStatements } from '../src/earnings/earnings-statements';
import { joinedMember, referrersOwed, startMembershipHarness, type MembershipHarness } from './membership-harness';

let h: MembershipHarness;
beforeAll(async () => {
  h = await startMembershipHarness();
});
afterAll(async () => {
  await h?.stop();
});

const IDENTITY = { first_name: 'Ruth', last_name: 'Moab', dob: '1901-01-01', ssn_last_4: '0000', routing_number: '110000000', account_number: '000123456789' };

/** A member owed `amount` (one pending commission payable in `month`), written as the join flow leaves them. */
async function memberOwed(amount: string, month: string): Promise<string> {
  const tag = randomUUID().slice(0, 12);
  const [row] = (await h.data.query(
    `WITH referrer AS (
       INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
       VALUES ('Naomi', 'R', 'naomi-' || $1 || '@example.com', 'cus_n' || $1, 'sub_n' || $1, 'active', upper(substr(md5($1 || 'n'), 1, 12))) RETURNING id
     ), referred AS (
       INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
       VALUES ('Boaz', 'R', 'boaz-' || $1 || '@example.com', 'cus_b' || $1, 'sub_b' || $1, 'active', upper(substr(md5($1 || 'b'), 1, 12))) RETURNING id
     ), ref AS (
       INSERT INTO referrals (referrer_id, referred_id) SELECT referrer.id, referred.id FROM referrer, referred RETURNING id, referrer_id
     )
     INSERT INTO commissions (member_id, referral_id, amount, payout_month) SELECT referrer_id, id, $2::numeric, $3 FROM ref RETURNING member_id`,
    [tag, amount, month],
  )) as { member_id: string }[];
  return row.member_id;
}

/** Another pending commission for a member already there. */
async function owedMore(memberId: string, amount: string, month: string) {
  const tag = randomUUID().slice(0, 12);
  await h.data.query(
    `WITH referred AS (
       INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
       VALUES ('Obed', 'R', 'obed-' || $1 || '@example.com', 'cus_o' || $1, 'sub_o' || $1, 'active', upper(substr(md5($1 || 'o'), 1, 12))) RETURNING id
     ), ref AS (INSERT INTO referrals (referrer_id, referred_id) SELECT $2::uuid, referred.id FROM referred RETURNING id)
     INSERT INTO commissions (member_id, referral_id, amount, payout_month) SELECT $2::uuid, id, $3::numeric, $4 FROM ref`,
    [tag, memberId, amount, month],
  );
}

/** The member sets up payouts in the browser: the onboarding link's form, filled and submitted; then account.updated arrives. */
async function onboard(memberId: string, identity: Record<string, string> = IDENTITY, expected = 'active') {
  const link = await h.app.get(PayoutAccounts).onboardingLink(memberId);
  assert.ok(link);
  const form = await fetch(link.url);
  assert.equal(form.status, 200);
  const done = await fetch(link.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(identity).toString(),
  });
  assert.deepEqual([done.status, done.headers.get('location')], [303, 'http://localhost:3999/member-dashboard?payouts=return']);
  await eventually(async () => (await h.app.get(PayoutAccounts).state(memberId)).status === expected, 10_000, 50);
}

const fund = (cents: number) => fetch(`${h.emulator.url}/_emulator/balance?amount=${cents}`, { method: 'POST' });
const transfersFor = async (key: string) =>
  ((await (await fetch(`${h.emulator.url}/_emulator/transfers?idempotency_key=${encodeURIComponent(key)}`)).json()) as { count: number }).count;

interface PayoutState {
  id: string;
  status: string;
  held_reason: string | null;
  held_detail: string | null;
  transfer_id: string | null;
  amount: string;
  transferred: string;
}
const payoutOf = async (memberId: string, month: string) =>
  (
    (await h.data.query(
      `SELECT id, status, held_reason, held_detail, transfer_id, amount::text, transferred::text FROM payouts WHERE member_id = $1 AND month = $2`,
      [memberId, month],
    )) as PayoutState[]
  )[0];

const run = (month: string) => h.app.get(PayoutRunner).run(month);

describe('payouts that move money', () => {
  beforeAll(async () => {
    await fund(1_000_000);
  });

  it('an onboarded member is transferred their payout on the 15th: one transfer keyed by the payout id, the row paid with its id', async () => {
    const member = await memberOwed('12.34', '2030-01');
    await onboard(member);
    await run('2030-01');
    const payout = await payoutOf(member, '2030-01');
    assert.deepEqual([payout.status, payout.held_reason, payout.transferred], ['paid', null, '12.34']);
    const transfer = await h.stripe.transfers.retrieve(payout.transfer_id!);
    const [account] = (await h.data.query(`SELECT stripe_account_id FROM payout_accounts WHERE member_id = $1`, [member])) as { stripe_account_id: string }[];
    assert.deepEqual([transfer.amount, transfer.destination, transfer.metadata.payout_id], [1234, account.stripe_account_id, payout.id]);
    assert.equal(await transfersFor(payout.id), 1);
    // Run again (a second start of a completed run, and the next month's run): nothing is transferred twice.
    await run('2030-01');
    await run('2030-02');
    assert.equal(await transfersFor(payout.id), 1);
  });

  it('a member not onboarded is held (no payout account yet) and paid by the first run after onboarding', async () => {
    const member = await memberOwed('5.00', '2030-03');
    await run('2030-03');
    const held = await payoutOf(member, '2030-03');
    assert.deepEqual([held.status, held.held_reason, held.transfer_id], ['held', 'no_account', null]);
    assert.equal(await transfersFor(held.id), 0);
    await onboard(member);
    await run('2030-04');
    const paid = await payoutOf(member, '2030-03');
    assert.deepEqual([paid.status, paid.held_reason, paid.transferred], ['paid', null, '5.00']);
    assert.equal(await transfersFor(held.id), 1);
  });

  it('an account restricted at onboarding (identity not verified) is held as restricted and sent nothing', async () => {
    const member = await memberOwed('7.00', '2030-05');
    await onboard(member, { ...IDENTITY, dob: '1900-01-01' }, 'restricted');
    assert.ok((await h.app.get(PayoutAccounts).state(member)).currentlyDue.includes('individual.verification.document'));
    await run('2030-05');
    const held = await payoutOf(member, '2030-05');
    assert.deepEqual([held.status, held.held_reason], ['held', 'restricted']);
    assert.equal(await transfersFor(held.id), 0);
  });

  it('a transfer Stripe refuses (platform balance too low) is held with its reason and paid by the next run once funds are there', async () => {
    const member = await memberOwed('20.00', '2030-06');
    await onboard(member);
    const available = (await h.stripe.balance.retrieve()).available.find((b) => b.currency === 'usd')!.amount;
    await fund(-available);
    try {
      await run('2030-06');
      const held = await payoutOf(member, '2030-06');
      assert.deepEqual([held.status, held.held_reason], ['held', 'transfer_failed']);
      assert.match(held.held_detail!, /insufficient available funds/);
      assert.equal(await transfersFor(held.id), 0);
    } finally {
      await fund(available);
    }
    await run('2030-07');
    const paid = await payoutOf(member, '2030-06');
    assert.deepEqual([paid.status, paid.transferred], ['paid', '20.00']);
    const [transfers] = (await h.data.query(`SELECT count(*)::int AS n FROM payout_transfers WHERE payout_id = $1`, [paid.id])) as { n: number }[];
    assert.equal(transfers.n, 1, 'one transfer for the payout');
  });

  it('less than the minimum ($1) is carried forward: held, then paid with the next month once the member is owed $1', async () => {
    const member = await memberOwed('0.50', '2030-08');
    await onboard(member);
    await run('2030-08');
    const small = await payoutOf(member, '2030-08');
    assert.deepEqual([small.status, small.held_reason], ['held', 'below_minimum']);
    await owedMore(member, '0.70', '2030-09');
    await run('2030-09');
    const [first, second] = [await payoutOf(member, '2030-08'), await payoutOf(member, '2030-09')];
    assert.deepEqual([first.status, second.status, first.transferred, second.transferred], ['paid', 'paid', '0.50', '0.70']);
    assert.deepEqual([await transfersFor(first.id), await transfersFor(second.id)], [1, 1]);
  });

  it('a reversed transfer puts the amount back on the member: the payout is owed again and the next run transfers it once', async () => {
    const member = await memberOwed('9.00', '2030-10');
    await onboard(member);
    await run('2030-10');
    const paid = await payoutOf(member, '2030-10');
    await h.stripe.transfers.createReversal(paid.transfer_id!, { amount: 400 });
    await eventually(async () => (await payoutOf(member, '2030-10')).status === 'scheduled', 10_000, 50);
    assert.equal((await payoutOf(member, '2030-10')).transferred, '5.00');
    await run('2030-11');
    const again = await payoutOf(member, '2030-10');
    assert.deepEqual([again.status, again.transferred], ['paid', '9.00']);
    assert.equal((await h.stripe.transfers.retrieve(again.transfer_id!)).amount, 400);
    assert.deepEqual([await transfersFor(paid.id), await transfersFor(`${paid.id}:1`)], [1, 1]);
  });

  it('a worker that died after Stripe made the transfer and before its row: the next run gets the same transfer back, not a second', async () => {
    const member = await memberOwed('3.00', '2030-12');
    await onboard(member);
    // The payout is written, then held (no transfer) as a run leaves it; then the transfer a dying worker made.
    await h.data.query(`UPDATE payout_accounts SET status = 'onboarding' WHERE member_id = $1`, [member]);
    await run('2030-12');
    const held = await payoutOf(member, '2030-12');
    await h.data.query(`UPDATE payout_accounts SET status = 'active' WHERE member_id = $1`, [member]);
    const [account] = (await h.data.query(`SELECT stripe_account_id FROM payout_accounts WHERE member_id = $1`, [member])) as { stripe_account_id: string }[];
    const made = await h.stripe.transfers.create(
      {
        amount: 300,
        currency: 'usd',
        destination: account.stripe_account_id,
        transfer_group: 'payouts-2030-12',
        metadata: { payout_id: held.id, member_id: member, month: '2030-12' },
      },
      { idempotencyKey: held.id },
    );
    // Two workers and a retry by hand, at once.
    const outcomes = await Promise.all([
      h.app.get(PayoutTransfers).transferDue('2031-01'),
      h.app.get(PayoutTransfers).transferDue('2031-01'),
      h.app.get(PayoutTransfers).transfer(held.id),
    ]);
    assert.ok(outcomes.length === 3);
    const paid = await payoutOf(member, '2030-12');
    assert.deepEqual([paid.status, paid.transfer_id], ['paid', made.id]);
    assert.equal(await transfersFor(held.id), 1);
  });
});

describe('the admin’s run view, retry at once and yearly statements (ADR 0061)', () => {
  beforeAll(async () => {
    await fund(1_000_000);
  });

  it('a run counts its payouts paid, held by reason and failed, and pages them with the transfer id or what Stripe said', async () => {
    const paid = await memberOwed('4.00', '2031-04');
    await onboard(paid);
    const noAccount = await memberOwed('4.00', '2031-04');
    const small = await memberOwed('0.40', '2031-04');
    await onboard(small);
    const restricted = await memberOwed('4.00', '2031-04');
    await onboard(restricted, { ...IDENTITY, dob: '1900-01-01' }, 'restricted');
    // An account Stripe no longer knows: the transfer is refused (resource_missing) and the payout fails.
    const failed = await memberOwed('4.00', '2031-04');
    await h.data.query(`INSERT INTO payout_accounts (member_id, stripe_account_id, status) VALUES ($1, 'acct_gone' || $2, 'active')`, [
      failed,
      randomUUID().slice(0, 8),
    ]);
    const done = await run('2031-04');
    assert.deepEqual(done.outcomes, { paid: 1, scheduled: 0, held: { no_account: 1, below_minimum: 1, restricted: 1 }, failed: 1 });
    assert.deepEqual([done.memberCount, done.total], [5, '16.40']);

    const rows = await h.app.get(PayoutRunner).rows('2031-04', undefined, 100);
    const rowOf = (member: string) => rows.find((r) => r.memberId === member)!;
    assert.deepEqual(
      [paid, noAccount, small, restricted].map((m) => [rowOf(m).status, rowOf(m).heldReason, rowOf(m).heldDetail]),
      [
        ['paid', null, null],
        ['held', 'no_account', null],
        ['held', 'below_minimum', null],
        ['held', 'restricted', null],
      ],
    );
    assert.equal(rowOf(paid).transferId, (await payoutOf(paid, '2031-04')).transfer_id);
    assert.match(rowOf(paid).transferId!, /^tr_/);
    assert.deepEqual([rowOf(failed).status, rowOf(failed).heldReason, rowOf(failed).transferId], ['held', 'transfer_failed', null]);
    assert.match(rowOf(failed).heldDetail!, /No such destination/);
    // Paging: two pages of three and two, in payout id order, make the whole run.
    const first = await h.app.get(PayoutRunner).rows('2031-04', undefined, 3);
    const second = await h.app.get(PayoutRunner).rows('2031-04', first[2].payoutId, 3);
    assert.deepEqual(
      [...first, ...second].map((r) => r.payoutId),
      rows.map((r) => r.payoutId),
    );
  });

  it('an admin’s retry at once, raced by four more retries and a run in progress, transfers a held payout exactly once', async () => {
    const member = await memberOwed('6.00', '2031-05');
    await run('2031-05');
    const held = await payoutOf(member, '2031-05');
    assert.deepEqual([held.status, held.held_reason], ['held', 'no_account']);
    await onboard(member);
    const transfers = h.app.get(PayoutTransfers);
    const [runCounts, ...retries] = await Promise.all([transfers.transferDue('2031-05'), ...Array.from({ length: 5 }, () => transfers.transfer(held.id))]);
    // Exactly one of the six made the transfer; every other found it locked (skipped) or paid already (skipped).
    assert.equal(runCounts.paid + retries.filter((o) => o === 'paid').length, 1, JSON.stringify({ runCounts, retries }));
    assert.ok(retries.every((o) => o === 'paid' || o === 'skipped'));
    const after = await payoutOf(member, '2031-05');
    assert.deepEqual([after.status, after.transferred], ['paid', '6.00']);
    assert.equal(await transfersFor(held.id), 1);
    const [count] = (await h.data.query(`SELECT count(*)::int AS n FROM payout_transfers WHERE payout_id = $1`, [held.id])) as { n: number }[];
    assert.equal(count.n, 1);
    // A retry of a payout already paid changes nothing and transfers nothing.
    assert.equal(await transfers.transfer(held.id), 'skipped');
    assert.equal(await transfersFor(held.id), 1);
  });

  it('a yearly statement lists what reached the member in the calendar year and flags 1099-NEC at the year’s threshold', async () => {
    const member = await memberOwed('5.00', '2031-06');
    await onboard(member);
    await run('2031-06');
    const payout = await payoutOf(member, '2031-06');
    const [{ year: thisYear, today }] = (await h.data.query(
      `SELECT extract(year FROM now() AT TIME ZONE 'America/New_York')::text AS year, (now() AT TIME ZONE 'America/New_York')::date::text AS today`,
    )) as { year: string; today: string }[];
    // Profit bonuses paid on their payout dates: $1,995 in this year (with the $5 payout: $2,000, at the threshold from
    // 2026), $600 in 2024 (at the $600 threshold), and a bonus still pending, which counts nowhere.
    await h.data.query(
      `INSERT INTO profit_bonuses (member_id, amount, bonus_period, status, payout_date) VALUES
         ($1, 1995.00, $2 || '-H1', 'paid', ($2 || '-07-15')::date), ($1, 600.00, '2023-H2', 'paid', '2024-01-15'), ($1, 50.00, $2 || '-H2', 'pending', NULL)`,
      [member, thisYear],
    );
    const statements = h.app.get(EarningsStatements);
    const now = await statements.statement(member, thisYear);
    assert.deepEqual(
      { ...now, member: now.member.memberId },
      {
        year: thisYear,
        member,
        // In the order they were paid.
        lines: [
          { kind: 'payout', id: payout.id, period: '2031-06', paidOn: today, amount: '5.00', transferId: payout.transfer_id, paidAs: 'transfer' },
          {
            kind: 'profit_bonus',
            id: now.lines.find((l) => l.kind === 'profit_bonus')?.id,
            period: `${thisYear}-H1`,
            paidOn: `${thisYear}-07-15`,
            amount: '1995.00',
            transferId: null,
            paidAs: null,
          },
        ].sort((a, b) => a.paidOn.localeCompare(b.paidOn)),
        total: '2000.00',
        threshold: Number(thisYear) >= 2026 ? '2000.00' : '600.00',
        thresholdFrom: Number(thisYear) >= 2026 ? '2026' : '2020',
        reportable: true,
      },
    );
    const old = await statements.statement(member, '2024');
    assert.deepEqual([old.total, old.threshold, old.reportable, old.lines.length], ['600.00', '600.00', true, 1]);
    // A year the table has no row for yet takes the last row (2026's $2,000) until its indexed figure is configured.
    const later = await statements.statement(member, '2031');
    assert.deepEqual([later.total, later.threshold, later.thresholdFrom, later.reportable, later.lines], ['0.00', '2000.00', '2026', false, []]);
    await assert.rejects(statements.statement(randomUUID(), thisYear), { code: 'not_found' });
  });

  it('the yearly export has one line per member paid in the year, flagged at or above the threshold, paged by member id', async () => {
    const over = await memberOwed('1.00', '2031-07');
    const under = await memberOwed('1.00', '2031-07');
    await h.data.query(
      `INSERT INTO profit_bonuses (member_id, amount, bonus_period, status, payout_date) VALUES
         ($1, 600.00, '2022-H2', 'paid', '2023-01-15'), ($2, 599.99, '2022-H2', 'paid', '2023-01-15'), ($2, 10.00, '2023-H2', 'paid', '2024-01-15')`,
      [over, under],
    );
    const statements = h.app.get(EarningsStatements);
    const rows = await statements.yearRows('2023', undefined, 100);
    const expected = [
      { memberId: over, payouts: '0.00', profitBonuses: '600.00', total: '600.00', reportable: true },
      { memberId: under, payouts: '0.00', profitBonuses: '599.99', total: '599.99', reportable: false },
    ].sort((a, b) => a.memberId.localeCompare(b.memberId));
    assert.deepEqual(
      rows.map(({ memberId, payouts, profitBonuses, total, reportable }) => ({ memberId, payouts, profitBonuses, total, reportable })),
      expected,
    );
    const first = await statements.yearRows('2023', undefined, 1);
    const second = await statements.yearRows('2023', first[0].memberId, 1);
    const third = await statements.yearRows('2023', second[0].memberId, 1);
    assert.deepEqual([first[0].memberId, second[0].memberId, third.length], [expected[0].memberId, expected[1].memberId, 0]);
  });
});

describe('earnings as membership credit (ADR 0062)', () => {
  /** A member who joined on a test clock (their $5.00 first invoice paid at its time), with a subscription that renews on it. */
  async function memberOnClock() {
    const email = `credit-${randomUUID().slice(0, 8)}@example.com`;
    const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) });
    const customer = await h.stripe.customers.create({ email, test_clock: clock.id });
    await h.data.query(`INSERT INTO signups (email, stripe_customer_id) VALUES ($1, $2)`, [email, customer.id]);
    const { joined, payment } = await joinedMember(h, { email });
    return { memberId: joined.memberId, customerId: customer.id, clockId: clock.id, subscriptionId: payment.subscriptionId };
  }

  /** Owed `amount` for `month`: a referral of another member, its commission pending. */
  const owed = (memberId: string, amount: string, month: string) => owedMore(memberId, amount, month);

  async function renewal(clockId: string, subscriptionId: string): Promise<Stripe.Invoice> {
    const sub = await h.stripe.subscriptions.retrieve(subscriptionId);
    await h.stripe.testHelpers.testClocks.advance(clockId, { frozen_time: sub.items.data[0].current_period_end + 3600 });
    await eventually(async () => (await h.stripe.testHelpers.testClocks.retrieve(clockId)).status === 'ready', 10_000, 20);
    const renewed = await h.stripe.subscriptions.retrieve(subscriptionId);
    return h.stripe.invoices.retrieve(String(renewed.latest_invoice));
  }

  it('membership credit reduces the next invoice by the earned amount', async () => {
    const member = await memberOnClock();
    const chosen = await h.rpc.send(MembershipSubjects.setPayoutMethod, { memberId: member.memberId, method: 'membership_credit' });
    assert.deepEqual([chosen.method, chosen.status], ['membership_credit', 'none']);
    await owed(member.memberId, '3.00', '2031-08');
    // No payout account is needed: the credit goes on the member's own Stripe customer.
    await run('2031-08');
    const payout = await payoutOf(member.memberId, '2031-08');
    assert.deepEqual([payout.status, payout.held_reason, payout.transferred, payout.transfer_id], ['paid', null, '3.00', null]);
    const [row] = (await h.data.query(`SELECT method, credit_id FROM payouts WHERE id = $1`, [payout.id])) as { method: string; credit_id: string }[];
    assert.equal(row.method, 'membership_credit');
    const credit = (await h.stripe.customers.listBalanceTransactions(member.customerId)).data[0];
    assert.deepEqual([credit.id, credit.amount, credit.type, credit.metadata?.payout_id], [row.credit_id, -300, 'adjustment', payout.id]);
    assert.equal(((await h.stripe.customers.retrieve(member.customerId)) as Stripe.Customer).balance, -300);

    // Stripe takes the credit off the next $5.00 invoice: $2.00 is charged.
    const invoice = await renewal(member.clockId, member.subscriptionId);
    assert.deepEqual(
      [invoice.total, invoice.starting_balance, invoice.amount_due, invoice.ending_balance, invoice.amount_paid, invoice.status],
      [500, -300, 200, 0, 200, 'paid'],
    );
    // Shown as such: the commission was applied to the membership, and Member Savings counts the credit.
    const commissions = await h.rpc.send(MembershipSubjects.commissions, { memberId: member.memberId, page: 1, pageSize: 10 });
    assert.deepEqual(
      commissions.items.map((c) => [c.amount, c.status, c.paidAs]),
      [['3.00', 'paid', 'membership_credit']],
    );
    const stats = await h.rpc.send(MembershipSubjects.stats, { memberId: member.memberId });
    assert.deepEqual([stats.membershipCredit, stats.memberSavings], ['3.00', '0.00']);
    const year = (await h.app.get(EarningsStatements).statement(member.memberId, String(new Date().getFullYear()))).lines;
    assert.deepEqual(
      year.map((l) => [l.kind, l.amount, l.paidAs, l.transferId]),
      [['payout', '3.00', 'membership_credit', null]],
    );
  });

  it('five retries and a run at once credit a payout exactly once; a member who switches meanwhile is not paid the other way too', async () => {
    const member = await memberOnClock();
    await onboard(member.memberId);
    await h.rpc.send(MembershipSubjects.setPayoutMethod, { memberId: member.memberId, method: 'membership_credit' });
    await owed(member.memberId, '2.50', '2031-09');
    // Written and mailed by a run whose Stripe requests cannot be made yet: the payout is held (no customer to credit).
    await h.data.query(`UPDATE members SET stripe_customer_id = 'cus_missing' WHERE id = $1`, [member.memberId]);
    await run('2031-09');
    const held = await payoutOf(member.memberId, '2031-09');
    assert.deepEqual([held.status, held.held_reason], ['held', 'transfer_failed']);
    assert.match(held.held_detail!, /No such customer/);
    await h.data.query(`UPDATE members SET stripe_customer_id = $2 WHERE id = $1`, [member.memberId, member.customerId]);

    const transfers = h.app.get(PayoutTransfers);
    const outcomes = await Promise.all([
      transfers.transferDue('2031-09'),
      ...Array.from({ length: 5 }, () => transfers.transfer(held.id)),
      // The member switches back to transfers while the credit is being made.
      h.rpc.send(MembershipSubjects.setPayoutMethod, { memberId: member.memberId, method: 'transfer' }),
    ]);
    const retries = outcomes.slice(1, 6) as string[];
    const runCounts = outcomes[0] as Record<string, number>;
    assert.equal(runCounts.paid + retries.filter((o) => o === 'paid').length, 1, JSON.stringify(outcomes));
    const credits = (await h.stripe.customers.listBalanceTransactions(member.customerId)).data.filter((t) => t.metadata?.payout_id === held.id);
    const transfersMade = (await h.stripe.transfers.list({ transfer_group: 'payouts-2031-09' })).data.filter((t) => t.metadata.payout_id === held.id);
    // Exactly one of the two ways, once, for the whole amount.
    assert.equal(credits.length + transfersMade.length, 1, JSON.stringify({ credits, transfersMade }));
    const paid = await payoutOf(member.memberId, '2031-09');
    assert.deepEqual([paid.status, paid.transferred], ['paid', '2.50']);
  });
});

describe('payouts transferred a claim at a time (ADR 0073)', () => {
  it('three workers racing over 600 payouts (claims of 250) transfer each exactly once, of its amount, and write every outcome', async () => {
    const MONTH = '2040-01';
    const COUNT = 600;
    const members = (await referrersOwed(h.data, COUNT, MONTH, 100)).map((member_id) => ({ member_id }));
    // Verified Connect accounts, recorded as onboarding first: the run writes every payout and holds it (no account yet).
    const accounts: string[] = [];
    for (const count of [300, 300]) {
      const seeded = (await (await fetch(`${h.emulator.url}/_emulator/accounts?count=${count}`, { method: 'POST' })).json()) as { data: string[] };
      accounts.push(...seeded.data);
    }
    await h.data.query(`INSERT INTO payout_accounts (member_id, stripe_account_id) SELECT * FROM unnest($1::uuid[], $2::text[])`, [
      members.map((m) => m.member_id),
      accounts,
    ]);
    await run(MONTH);
    const [written] = (await h.data.query(
      `SELECT count(*)::int AS n, sum(amount * 100)::int AS cents FROM payouts WHERE month = $1 AND held_reason = 'no_account'`,
      [MONTH],
    )) as { n: number; cents: number }[];
    assert.equal(written.n, COUNT);
    await h.data.query(`UPDATE payout_accounts SET status = 'active' WHERE stripe_account_id = ANY($1)`, [accounts]);
    await fund(written.cents + 1_000_000);
    // The runs also retry what earlier tests left owed (months before this one): counted apart.
    const earlier = ((await h.data.query(`SELECT id FROM payouts WHERE status IN ('scheduled', 'held') AND month < $1`, [MONTH])) as { id: string }[]).map(
      (r) => r.id,
    );

    const transfers = h.app.get(PayoutTransfers);
    const someIds = ((await h.data.query(`SELECT id FROM payouts WHERE month = $1 ORDER BY id LIMIT 5`, [MONTH])) as { id: string }[]).map((r) => r.id);
    const [a, b, c, ...retries] = await Promise.all([
      transfers.transferDue(MONTH),
      transfers.transferDue(MONTH),
      transfers.transferDue(MONTH),
      ...someIds.map((id) => transfers.transfer(id)),
    ]);
    // Each payout was paid by exactly one of them; the others found it locked or paid already (skipped).
    const [{ n: earlierPaid }] = (await h.data.query(`SELECT count(*)::int AS n FROM payouts WHERE id = ANY($1) AND status = 'paid'`, [earlier])) as {
      n: number;
    }[];
    assert.equal(a.paid + b.paid + c.paid + retries.filter((o) => o === 'paid').length, COUNT + earlierPaid, JSON.stringify({ a, b, c, retries, earlierPaid }));
    const rows = (await h.data.query(
      `SELECT p.id, p.status, (p.amount * 100)::int AS cents, (p.transferred * 100)::int AS transferred, p.transfer_id, p.attempt,
              (SELECT count(*)::int FROM payout_transfers t WHERE t.payout_id = p.id AND t.transfer_id = p.transfer_id AND t.idempotency_key = p.id::text) AS kept
       FROM payouts p WHERE p.month = $1`,
      [MONTH],
    )) as { id: string; status: string; cents: number; transferred: number; transfer_id: string; attempt: number; kept: number }[];
    for (const p of rows) assert.deepEqual([p.status, p.transferred, p.attempt, p.kept], ['paid', p.cents, 1, 1], p.id);
    const perKey = (await (await fetch(`${h.emulator.url}/_emulator/transfers`)).json()) as { max_per_key: number; duplicated_keys: string[] };
    assert.deepEqual([perKey.max_per_key, perKey.duplicated_keys], [1, []]);
    let moved = 0;
    for (const p of rows) {
      const t = await h.stripe.transfers.retrieve(p.transfer_id);
      assert.deepEqual([t.amount, t.metadata.payout_id], [p.cents, p.id]);
      moved += t.amount;
    }
    assert.equal(moved, written.cents, 'Stripe moved what the payouts owed, no more');
  });
});
