import { MembershipSubjects, type HeldCommissionReview } from '@km/contracts/membership';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ProfitBonusRunner } from '../src/bonuses/profit-bonus-runner';
import { PayoutRunner } from '../src/payouts/payout-runner';
import { joinedMember, startMembershipHarness, type MembershipHarness } from './membership-harness';

// ADR 0028: referrals that look like the referrer's own are held for an admin's review.

let h: MembershipHarness;
beforeAll(async () => {
  h = await startMembershipHarness();
});
afterAll(() => h?.stop());

const tag = () => randomUUID().slice(0, 8);

interface CommissionRow {
  id: string;
  status: string;
  hold_reason: string | null;
  payout_month: string;
  payout_date: string | null;
}
/** The commission the referrer earned for this referred member. */
async function commissionFor(referredMemberId: string): Promise<CommissionRow> {
  const [row] = (await h.data.query(
    `SELECT c.id, c.status, c.hold_reason, c.payout_month, c.payout_date::text AS payout_date
     FROM commissions c JOIN referrals r ON r.id = c.referral_id WHERE r.referred_id = $1`,
    [referredMemberId],
  )) as CommissionRow[];
  return row;
}

/** A referrer who paid with `card`, and a member they refer who pays with `referredCard`. */
async function referral(card: string, referredCard: string, emails: { referrer?: string; referred?: string } = {}) {
  const referrer = await joinedMember(h, emails.referrer ? { email: emails.referrer } : {}, card);
  const referred = await joinedMember(h, { referralCode: referrer.joined.referralCode, ...(emails.referred ? { email: emails.referred } : {}) }, referredCard);
  return { referrer, referred, commission: await commissionFor(referred.joined.memberId) };
}

const review = (commissionId: string, decision: 'approve' | 'reverse') => h.rpc.send(MembershipSubjects.reviewHeldCommission, { commissionId, decision });

describe('holding commissions that look like self-referral', () => {
  it('an honest referral (another card, another mailbox) earns a pending commission, and both members’ cards are kept', async () => {
    const { referrer, referred, commission } = await referral('pm_card_visa', 'pm_card_mastercard');
    assert.deepEqual([commission.status, commission.hold_reason], ['pending', null]);
    assert.equal(commission.payout_date, `${commission.payout_month}-15`);
    const cards = (await h.data.query(`SELECT member_id, fingerprint FROM member_cards WHERE member_id = ANY($1::uuid[])`, [
      [referrer.joined.memberId, referred.joined.memberId],
    ])) as { member_id: string; fingerprint: string }[];
    assert.equal(cards.length, 2);
    assert.notEqual(cards[0].fingerprint, cards[1].fingerprint);
    assert.match(cards[0].fingerprint, /^[0-9A-Za-z]{16}$/);
  });

  it('holds the commission when the referred member pays with the referrer’s card', async () => {
    const { commission } = await referral('pm_card_amex', 'pm_card_amex');
    assert.deepEqual([commission.status, commission.hold_reason, commission.payout_date], ['held', 'same_card_as_referrer', null]);
  });

  it('holds the commission when the referred member pays with the card of another member the referrer referred', async () => {
    const referrer = await joinedMember(h, {}, 'pm_card_visa');
    const first = await joinedMember(h, { referralCode: referrer.joined.referralCode }, 'pm_card_discover');
    const second = await joinedMember(h, { referralCode: referrer.joined.referralCode }, 'pm_card_discover');
    assert.deepEqual(
      [(await commissionFor(first.joined.memberId)).status, (await commissionFor(second.joined.memberId)).hold_reason],
      ['pending', 'same_card_as_referred_member'],
    );
    assert.equal((await commissionFor(second.joined.memberId)).status, 'held');
  });

  it('holds the commission when the referred member’s address is the referrer’s mailbox (gmail dots and +tag)', async () => {
    const local = `ruth${tag()}`;
    const { commission } = await referral('pm_card_visa', 'pm_card_mastercard', {
      referrer: `${local}@gmail.com`,
      referred: `${local.slice(0, 2)}.${local.slice(2)}+2@googlemail.com`,
    });
    assert.deepEqual([commission.status, commission.hold_reason], ['held', 'same_email_as_referrer']);
  });
});

describe('the admin’s review of held commissions', () => {
  it('lists held commissions with their reason, referrer and referred member', async () => {
    const { referrer, referred, commission } = await referral('pm_card_visa_debit', 'pm_card_visa_debit');
    const page = await h.rpc.send(MembershipSubjects.listHeldCommissions, { page: 1, pageSize: 100 });
    const item = page.items.find((i) => i.commissionId === commission.id);
    assert.ok(item, 'the held commission is listed');
    assert.deepEqual(
      [item.reason, item.amount, item.payoutMonth, item.referrer.email, item.referred.email, item.referred.subscriptionStatus],
      ['same_card_as_referrer', '1.00', commission.payout_month, referrer.form.email, referred.form.email, 'active'],
    );
    assert.equal(page.total, page.items.length);
  });

  it('approving makes it pending for its payout day (repeating answers the same); reversing it afterwards is a 409', async () => {
    const { commission } = await referral('pm_card_mastercard', 'pm_card_mastercard');
    const approved = await review(commission.id, 'approve');
    assert.deepEqual([approved.decision, approved.status, approved.payoutDate], ['approved', 'pending', `${commission.payout_month}-15`]);
    assert.deepEqual(await review(commission.id, 'approve'), approved);
    await assert.rejects(review(commission.id, 'reverse'), { code: 'conflict', details: { reason: 'commission_already_reviewed', decision: 'approved' } });
    assert.equal((await commissionFor((await referredOf(commission.id)).referred_id)).status, 'pending');
  });

  it('reversing means never paid: not by the run of its month nor any later one', async () => {
    const { referrer, commission } = await referral('pm_card_discover', 'pm_card_discover');
    const reversed = await review(commission.id, 'reverse');
    assert.deepEqual([reversed.decision, reversed.status, reversed.payoutDate], ['reversed', 'reversed', null]);
    await assert.rejects(review(commission.id, 'approve'), { code: 'conflict', details: { reason: 'commission_already_reviewed', decision: 'reversed' } });
    await h.app.get(PayoutRunner).run(laterMonth(commission.payout_month, 1));
    assert.equal(await payoutsOf(referrer.joined.memberId), 0);
  });

  it('a commission that was never held cannot be approved or reversed (409), an unknown one is not found, a bad id is invalid', async () => {
    const { commission } = await referral('pm_card_visa', 'pm_card_amex');
    await assert.rejects(review(commission.id, 'reverse'), { code: 'conflict', details: { reason: 'commission_not_held', status: 'pending' } });
    await assert.rejects(review(randomUUID(), 'approve'), { code: 'not_found' });
    await assert.rejects(h.rpc.send(MembershipSubjects.reviewHeldCommission, { commissionId: 'abc', decision: 'approve' }), { code: 'invalid' });
  });

  it('approval and reversal of the same commissions at the same moment: exactly one wins each time, the other gets a conflict', async () => {
    const held: string[] = [];
    for (let i = 0; i < 6; i++) held.push((await referral('pm_card_amex', 'pm_card_amex')).commission.id);
    const results = await Promise.all(held.map((id) => Promise.allSettled([review(id, 'approve'), review(id, 'reverse')])));
    for (const [i, [approve, reverse]] of results.entries()) {
      const won = [approve, reverse].filter((r): r is PromiseFulfilledResult<HeldCommissionReview> => r.status === 'fulfilled');
      const lost = [approve, reverse].filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      assert.equal(won.length, 1, `commission ${i}: exactly one decision wins`);
      assert.equal(lost.length, 1);
      assert.equal((lost[0].reason as { code: string }).code, 'conflict');
      assert.equal((lost[0].reason as { details: { reason: string } }).details.reason, 'commission_already_reviewed');
      const [row] = (await h.data.query(`SELECT status, review_decision FROM commissions WHERE id = $1`, [held[i]])) as {
        status: string;
        review_decision: string;
      }[];
      assert.deepEqual([row.review_decision, row.status], [won[0].value.decision, won[0].value.decision === 'approved' ? 'pending' : 'reversed']);
    }
  });
});

describe('the payout run and held commissions', () => {
  it('never pays a held commission; once approved, the next run pays it', async () => {
    const { referrer, commission } = await referral('pm_card_visa_debit', 'pm_card_visa_debit');
    assert.equal(commission.status, 'held');
    const runner = h.app.get(PayoutRunner);
    await runner.run(laterMonth(commission.payout_month, 3));
    assert.equal(await payoutsOf(referrer.joined.memberId), 0, 'the run of a month after its payout month paid nothing');
    assert.equal((await h.data.query(`SELECT status FROM commissions WHERE id = $1`, [commission.id]))[0].status, 'held');

    await review(commission.id, 'approve');
    await runner.run(laterMonth(commission.payout_month, 4));
    const [payout] = (await h.data.query(`SELECT amount::text AS amount FROM payouts WHERE member_id = $1`, [referrer.joined.memberId])) as {
      amount: string;
    }[];
    assert.equal(payout?.amount, '1.00');
    assert.equal((await h.data.query(`SELECT status FROM commissions WHERE id = $1`, [commission.id]))[0].status, 'paid');
  });
});

describe('the profit-bonus split', () => {
  it('counts only referred members active on the half-year’s last day, and no held commission', async () => {
    const since = '2024-06-01T12:00:00Z';
    const a = await sqlMember(since, 'active');
    const b = await sqlMember(since, 'active');
    await sqlReferral(a, '2025-02-10T12:00:00Z', 'active');
    await sqlReferral(a, '2025-02-11T12:00:00Z', 'canceled', [['active', 'canceled', '2025-05-01T12:00:00Z']]);
    await sqlReferral(a, '2025-02-12T12:00:00Z', 'canceled', [['active', 'canceled', '2025-07-05T12:00:00Z']]);
    await sqlReferral(a, '2025-02-13T12:00:00Z', 'active', [
      ['active', 'past_due', '2025-06-20T12:00:00Z'],
      ['past_due', 'active', '2025-07-03T12:00:00Z'],
    ]);
    await sqlReferral(b, '2025-03-01T12:00:00Z', 'active');
    await sqlReferral(b, '2025-03-02T12:00:00Z', 'active', [], 'held');
    await h.data.query(`INSERT INTO store_revenue (order_id, bonus_period, amount, paid_at) VALUES (gen_random_uuid(), '2025-H1', 300.00, '2025-03-01')`);

    await h.app.get(ProfitBonusRunner).run('2025-H1');
    const bonuses = (await h.data.query(
      `SELECT member_id, amount::text AS amount, referrals FROM profit_bonuses WHERE bonus_period = '2025-H1' ORDER BY referrals DESC`,
    )) as { member_id: string; amount: string; referrals: number }[];
    // Pool 2 % of 300.00 = 6.00; a counts 2 (still active, and active until July 5), b counts 1 (its held one does not).
    assert.deepEqual(
      bonuses.map((x) => [x.member_id, x.referrals, x.amount]),
      [
        [a, 2, '4.00'],
        [b, 1, '2.00'],
      ],
    );
  });
});

/** A member made directly in the database, with a join date and status (as profit-bonuses.test.ts does). */
async function sqlMember(memberSince: string, status: string): Promise<string> {
  const t = tag();
  const [row] = (await h.data.query(
    `INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code, member_since)
     VALUES ('Split', $1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [t, `split-${t}@example.com`, `cus_s${t}`, `sub_s${t}`, status, `S${t.toUpperCase()}`, memberSince],
  )) as { id: string }[];
  return row.id;
}

/** `referrer` refers a member at `at` whose status changed as `changes` say ([from, to, when]); its commission paid or held. */
async function sqlReferral(referrer: string, at: string, statusNow: string, changes: [string, string, string][] = [], commission: 'paid' | 'held' = 'paid') {
  const referred = await sqlMember(at, statusNow);
  for (const [from, to, when] of changes)
    await h.data.query(`INSERT INTO member_status_changes (member_id, previous_status, status, changed_at) VALUES ($1, $2, $3, $4)`, [
      referred,
      from,
      to,
      when,
    ]);
  await h.data.query(
    `WITH r AS (INSERT INTO referrals (referrer_id, referred_id, created_at) VALUES ($1, $2, $3) RETURNING id)
     INSERT INTO commissions (member_id, referral_id, amount, payout_month, status, hold_reason, held_at)
     SELECT $1, id, 1.00, '2030-01', $4, CASE WHEN $4 = 'held' THEN 'same_card_as_referrer' END, CASE WHEN $4 = 'held' THEN now() END FROM r`,
    [referrer, referred, at, commission],
  );
  return referred;
}

async function referredOf(commissionId: string) {
  return (
    (await h.data.query(`SELECT r.referred_id FROM commissions c JOIN referrals r ON r.id = c.referral_id WHERE c.id = $1`, [commissionId])) as {
      referred_id: string;
    }[]
  )[0];
}

const payoutsOf = async (memberId: string) =>
  ((await h.data.query(`SELECT count(*)::int AS n FROM payouts WHERE member_id = $1`, [memberId])) as { n: number }[])[0].n;

/** "YYYY-MM" `n` months after `month`. */
function laterMonth(month: string, n: number): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}
