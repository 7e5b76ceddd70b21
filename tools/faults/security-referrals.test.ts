import type { HeldCommission, MemberReferral } from '@km/contracts/membership';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { note, Session, signedInAdmin, stripe } from './stack';

/**
 * ADR 0028, referral farming with sock puppets, live through the gateway: a member refers "new members"
 * who are their own mailbox spelt another way (`victim+1@gmail.com`, dots at gmail) or who pay with their card. Each
 * such commission is held for review (ADR 0028) instead of pending; an honest referral is not; an admin sees the held
 * ones with their reason and approves one (it becomes pending), and a reversal of the same commission is then refused.
 */

/** Joins Marketshare as the page does, paying the first invoice with `card`; the session is the new member's. */
async function joinAs(email: string, card: string, referralCode?: string): Promise<Session> {
  const member = new Session();
  const who = { firstName: 'Simon', lastName: 'Magus', email, phone: '555-0142', ...(referralCode ? { referralCode } : {}) };
  const payment = await member.post('/api/create-membership-payment', who);
  assert.equal(payment.status, 200, JSON.stringify(payment.body));
  await stripe('POST', `/v1/payment_intents/${payment.body.clientSecret.split('_secret_')[0]}/confirm`, { payment_method: card });
  const joined = await member.post('/api/memberships', { ...who, subscriptionId: payment.body.subscriptionId, customerId: payment.body.customerId });
  assert.equal(joined.status, 201, JSON.stringify(joined.body));
  return member;
}

describe('referral farming with sock puppets (ADR 0028)', () => {
  it('holds the commissions of a +tag/dotted gmail address and of the referrer’s own card; an admin approves one', async () => {
    const local = `victim${randomUUID().slice(0, 6)}`;
    const referrer = await joinAs(`${local}@gmail.com`, 'pm_card_visa');
    const code = (await referrer.get('/api/membership/profile')).body.referralCode as string;
    const puppets = {
      plusTag: `${local}+1@gmail.com`,
      dotted: `${local.slice(0, 3)}.${local.slice(3)}@googlemail.com`,
      sameCard: `puppet-${randomUUID().slice(0, 8)}@example.com`,
      honest: `honest-${randomUUID().slice(0, 8)}@example.com`,
    };
    await joinAs(puppets.plusTag, 'pm_card_mastercard', code);
    await joinAs(puppets.dotted, 'pm_card_discover', code);
    await joinAs(puppets.sameCard, 'pm_card_visa', code);
    await joinAs(puppets.honest, 'pm_card_amex', code);

    const referrals = await referrer.get('/api/membership/referrals');
    assert.equal(referrals.status, 200);
    const statusOf = Object.fromEntries((referrals.body as MemberReferral[]).map((r) => [r.referredMember.email, r.commissionStatus]));
    assert.deepEqual(statusOf, { [puppets.plusTag]: 'held', [puppets.dotted]: 'held', [puppets.sameCard]: 'held', [puppets.honest]: 'pending' });
    // Held commissions are not Pending Earnings: only the honest referral's $1.00 is on its way.
    assert.equal((await referrer.get('/api/membership/stats')).body.pendingCommissions, '1.00');

    // Members and visitors never see the review list.
    assert.equal((await new Session().get('/api/admin/held-commissions')).status, 401);
    assert.equal((await referrer.get('/api/admin/held-commissions')).status, 403);

    const admin = await signedInAdmin();
    const held = await admin.get('/api/admin/held-commissions?pageSize=100');
    assert.equal(held.status, 200);
    const mine = (held.body as HeldCommission[]).filter((c) => c.referrer.email === `${local}@gmail.com`);
    assert.deepEqual(Object.fromEntries(mine.map((c) => [c.referred.email, c.reason])), {
      [puppets.plusTag]: 'same_email_as_referrer',
      [puppets.dotted]: 'same_email_as_referrer',
      [puppets.sameCard]: 'same_card_as_referrer',
    });

    const chosen = mine.find((c) => c.referred.email === puppets.plusTag)!;
    const approved = await admin.post(`/api/admin/held-commissions/${chosen.commissionId}/approve`);
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.deepEqual([approved.body.decision, approved.body.status], ['approved', 'pending']);
    const reversed = await admin.post(`/api/admin/held-commissions/${chosen.commissionId}/reverse`);
    assert.equal(reversed.status, 409);
    assert.match(reversed.body.message, /already approved/);
    assert.equal((await admin.post('/api/admin/held-commissions/not-a-uuid/approve')).status, 400);
    assert.equal((await referrer.get('/api/membership/stats')).body.pendingCommissions, '2.00');
    note('security-referrals', `3 sock-puppet commissions held (2 by mailbox, 1 by card), the honest one pending; one approved, its reversal refused 409`);
  });
});
