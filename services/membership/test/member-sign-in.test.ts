import { IdentitySubjects, MembershipSubjects, type MemberAccount } from '@km/contracts';
import { startServiceDouble } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { browserKey, joinedMember, payInBrowser, signup, startMembershipHarness, type MembershipHarness } from './membership-harness';

// ADR 0038: the gateway's join and member sign-in link requests are one request each to membership, which asks
// identity (here a double on the bus, as identity's own user) for the member's account and link.

let h: MembershipHarness;
let identity: INestApplication;
/** What membership asked identity, in order. */
let asked: { subject: string; payload: Record<string, unknown> }[] = [];
/** What the double answers `ensure-user` with next. */
let account: MemberAccount;
const user = (email: string) => ({ id: randomUUID(), username: email, email, isAdmin: false });

beforeAll(async () => {
  h = await startMembershipHarness();
  identity = await startServiceDouble('identity', {
    [IdentitySubjects.ensureMemberUser]: (payload: Record<string, unknown>) => (asked.push({ subject: 'ensure-user', payload }), account),
    [IdentitySubjects.createMemberLink]: (payload: Record<string, unknown>) => (
      asked.push({ subject: 'create-link', payload }),
      { linkId: randomUUID(), expiresAt: new Date(Date.now() + 900_000).toISOString() }
    ),
  });
});
afterAll(async () => {
  await identity?.close();
  await h?.stop();
});
beforeEach(() => {
  asked = [];
});

describe('the gateway’s join, settled by membership with identity', () => {
  async function paid() {
    const form = signup();
    const payment = await h.rpc.send(MembershipSubjects.createPayment, form);
    await payInBrowser(h, payment.clientSecret);
    return { ...form, subscriptionId: payment.subscriptionId, customerId: payment.customerId };
  }

  it('a free email: the member’s own account, whose user the gateway signs in; a repeat asks identity nothing', async () => {
    const join = await paid();
    const own = user(join.email);
    account = { status: 'member_user', user: own };
    const first = await h.rpc.send(MembershipSubjects.joinAndSignIn, join);
    assert.deepEqual({ ...first, referralCode: undefined }, { referralCode: undefined, created: true, signIn: 'signed_in', sessionUserId: own.id });
    const [member] = (await h.data.query(`SELECT id FROM members WHERE email = $1`, [join.email])) as { id: string }[];
    assert.deepEqual(asked, [{ subject: 'ensure-user', payload: { memberId: member.id, email: join.email } }]);
    asked = [];
    const again = await h.rpc.send(MembershipSubjects.joinAndSignIn, join);
    assert.deepEqual(again, { referralCode: first.referralCode, created: false, signIn: 'none', sessionUserId: null });
    assert.deepEqual(asked, []);
  });

  it('signed in already: the membership joins the caller’s account, and no new session is started', async () => {
    const join = await paid();
    const signedInUserId = randomUUID();
    account = { status: 'linked', user: null };
    const answer = await h.rpc.send(MembershipSubjects.joinAndSignIn, { ...join, signedInUserId });
    assert.equal(answer.signIn, 'signed_in');
    assert.equal(answer.sessionUserId, null);
    assert.equal(asked[0].payload.signedInUserId, signedInUserId);
  });

  it('an email another account holds: a sign-in link to that address, nobody signed in', async () => {
    const join = await paid();
    account = { status: 'email_in_use', user: null };
    const answer = await h.rpc.send(MembershipSubjects.joinAndSignIn, join);
    assert.deepEqual([answer.signIn, answer.sessionUserId], ['link_sent', null]);
    assert.deepEqual(
      asked.map((a) => a.subject),
      ['ensure-user', 'create-link'],
    );
  });

  it('another browser’s join makes the member but asks identity nothing and signs nobody in', async () => {
    const join = await paid();
    const answer = await h.rpc.send(MembershipSubjects.joinAndSignIn, { ...join, browserKey: browserKey() });
    assert.deepEqual([answer.created, answer.signIn, answer.sessionUserId], [true, 'none', null]);
    assert.deepEqual(asked, []);
  });

  it('a hostile signedInUserId is refused with 400 before anything is joined', async () => {
    const join = await paid();
    await assert.rejects(h.rpc.send(MembershipSubjects.joinAndSignIn, { ...join, signedInUserId: "1' OR '1'='1" }), { code: 'invalid' });
    assert.equal(((await h.data.query(`SELECT count(*)::int AS n FROM members WHERE email = $1`, [join.email])) as { n: number }[])[0].n, 0);
  });
});

describe('a member sign-in link by address', () => {
  it('a member: identity makes the member’s account if needed, then the link', async () => {
    const { form, joined } = await joinedMember(h);
    account = { status: 'member_user', user: user(form.email) };
    assert.deepEqual(await h.rpc.send(MembershipSubjects.sendMemberLink, { email: form.email }), { accepted: true });
    assert.deepEqual(asked, [
      { subject: 'ensure-user', payload: { memberId: joined.memberId, email: form.email } },
      { subject: 'create-link', payload: { memberId: joined.memberId, email: form.email } },
    ]);
  });

  it('a stranger: the same answer, and identity is asked nothing', async () => {
    assert.deepEqual(await h.rpc.send(MembershipSubjects.sendMemberLink, { email: `nobody.${Date.now()}@example.com` }), { accepted: true });
    assert.deepEqual(asked, []);
  });
});
