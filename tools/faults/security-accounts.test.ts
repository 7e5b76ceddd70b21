import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { note, Session, signedInAdmin, stack, stripe, waitUntil } from './stack';

/**
 * Account takeover and enumeration, against the real stack through the gateway (ADR 0026). Each of these passed for the
 * attacker on main at 22f57b4: the join adopted the account holding its email and set a session cookie for it.
 */

let identity: Client;
beforeAll(async () => {
  identity = new Client({ connectionString: stack.pgAdminUrl.replace(/\/postgres$/, '/identity') });
  await identity.connect();
});
afterAll(async () => {
  await identity?.end();
});

interface CaughtMail {
  subject: string;
  text: string;
  to: { address: string }[];
}
const mailsTo = async (email: string, subject: string): Promise<CaughtMail[]> =>
  ((await (await fetch(`${stack.mailApiUrl}/api/email`)).json()) as CaughtMail[]).filter(
    (m) => m.to[0]?.address.toLowerCase() === email.toLowerCase() && m.subject.includes(subject),
  );

/** The attacker's whole run: the payment step with the victim's email, a paid first invoice, the join with the ids. */
async function joinAs(attacker: Session, email: string) {
  const who = { firstName: 'Mallory', lastName: 'Intruder', email };
  const payment = await attacker.post('/api/create-membership-payment', who);
  assert.equal(payment.status, 200, JSON.stringify(payment.body));
  await stripe('POST', `/v1/payment_intents/${payment.body.clientSecret.split('_secret_')[0]}/confirm`, { payment_method: 'pm_card_visa' });
  const joined = await attacker.post('/api/memberships', { ...who, subscriptionId: payment.body.subscriptionId, customerId: payment.body.customerId });
  return { who, payment: payment.body, joined };
}

test('finding 1: a $5 join with the seeded admin’s email leaves the attacker with no session (me 401) and the admin untouched', async () => {
  // Compose and k8s seed the admin with ADMIN_EMAIL; the local stack's admin gets the same address here.
  await identity.query(`UPDATE users SET email = 'admin@kingdom.example' WHERE username = $1 AND email IS NULL`, [stack.admin.username]);
  const [{ email }] = (await identity.query(`SELECT email FROM users WHERE username = $1`, [stack.admin.username])).rows as { email: string }[];
  const before = (await identity.query(`SELECT id, password_hash, is_admin, member_id FROM users WHERE username = $1`, [stack.admin.username])).rows[0];
  const attacker = new Session();
  const { joined } = await joinAs(attacker, email);
  assert.deepEqual([joined.status, joined.body.signIn], [201, 'link_sent']);
  const me = await attacker.get('/api/auth/me');
  assert.equal(me.status, 401);
  const after = (await identity.query(`SELECT id, password_hash, is_admin, member_id FROM users WHERE username = $1`, [stack.admin.username])).rows[0];
  assert.deepEqual(after, before);
  // The admin still signs in with their password.
  await signedInAdmin();
  note('security-accounts', `join with the admin's email: ${joined.status} signIn=${joined.body.signIn}; attacker's /api/auth/me ${me.status}`);
});

test('finding 1: a join with a registered user’s email signs nobody in; the owner gets the link and only then the dashboard', async () => {
  const email = `victim-${randomUUID().slice(0, 8)}@example.com`;
  const username = `victim_${randomUUID().slice(0, 8)}`;
  const registered = await new Session().post('/api/auth/register', { username, password: 'password-123', email });
  assert.deepEqual([registered.status, registered.body], [202, { accepted: true }]);
  const attacker = new Session();
  const { joined } = await joinAs(attacker, email);
  assert.deepEqual([joined.status, joined.body.signIn], [201, 'link_sent']);
  assert.equal((await attacker.get('/api/auth/me')).status, 401);
  assert.equal((await attacker.get('/api/membership/profile')).status, 401);
  await waitUntil('the membership-waiting email', async () => (await mailsTo(email, 'Your Marketshare membership is ready')).length === 1, 15_000);
  const [mail] = await mailsTo(email, 'Your Marketshare membership is ready');
  assert.ok(!mail.text.includes('Mallory'), 'the payer’s typed name is not quoted to the address');
  const token = decodeURIComponent(/#signin=([\w%-]+)/.exec(mail.text)![1]);
  const owner = new Session();
  const redeemed = await owner.post('/api/auth/member-link/redeem', { token });
  assert.deepEqual([redeemed.status, redeemed.body.user.username, redeemed.body.user.role], [200, username, 'member']);
  assert.equal((await owner.get('/api/membership/profile')).status, 200);
});

test('finding 2: a pre-registered account loses its password and sessions when the email’s owner proves it', async () => {
  const email = `future-${randomUUID().slice(0, 8)}@example.com`;
  const username = `squatter_${randomUUID().slice(0, 8)}`;
  assert.equal((await new Session().post('/api/auth/register', { username, password: 'password-123', email })).status, 202);
  const squatter = new Session();
  assert.equal((await squatter.post('/api/auth/login', { username, password: 'password-123' })).status, 200);
  const { joined } = await joinAs(new Session(), email);
  assert.equal(joined.body.signIn, 'link_sent');
  assert.equal((await squatter.get('/api/membership/profile')).status, 403, 'no membership before the owner proves the address');
  await waitUntil('the membership-waiting email', async () => (await mailsTo(email, 'Your Marketshare membership is ready')).length === 1, 15_000);
  const [mail] = await mailsTo(email, 'Your Marketshare membership is ready');
  const owner = new Session();
  assert.equal((await owner.post('/api/auth/member-link/redeem', { token: decodeURIComponent(/#signin=([\w%-]+)/.exec(mail.text)![1]) })).status, 200);
  assert.equal((await squatter.get('/api/auth/me')).status, 401);
  assert.equal((await new Session().post('/api/auth/login', { username, password: 'password-123' })).status, 401);
});

test('finding 3: the ids of a join are no login: a repeat or another browser gets the code and no session; the payment step never answers another browser’s ids', async () => {
  const email = `lydia-${randomUUID().slice(0, 8)}@example.com`;
  const browser = new Session();
  const { who, payment, joined } = await joinAs(browser, email);
  assert.deepEqual([joined.status, joined.body.signIn], [201, 'signed_in']);
  const ids = { ...who, subscriptionId: payment.subscriptionId, customerId: payment.customerId };
  const thief = new Session();
  const stolen = await thief.post('/api/memberships', ids);
  assert.deepEqual([stolen.status, stolen.body], [200, { referralCode: joined.body.referralCode, signIn: 'none' }]);
  assert.equal((await thief.get('/api/auth/me')).status, 401);
  const again = await browser.post('/api/memberships', ids);
  assert.deepEqual(again.body, { referralCode: joined.body.referralCode, signIn: 'none' });
  // Another email's open signup: a stranger typing the email is never answered its ids or secret.
  const pending = `pending-${randomUUID().slice(0, 8)}@example.com`;
  const starter = await new Session().post('/api/create-membership-payment', { ...who, email: pending });
  const stranger = await new Session().post('/api/create-membership-payment', { ...who, email: pending, firstName: 'Eve' });
  assert.equal(stranger.status, 200);
  assert.notEqual(stranger.body.subscriptionId, starter.body.subscriptionId);
  assert.notEqual(stranger.body.clientSecret, starter.body.clientSecret);
});

test('finding 7: register, newsletter and podcast answer the same whether or not the address is known', async () => {
  const known = `known-${randomUUID().slice(0, 8)}@example.com`;
  const fresh = () => `fresh-${randomUUID().slice(0, 8)}@example.com`;
  const visitor = new Session();
  const register = async (email: string) => visitor.post('/api/auth/register', { username: `u_${randomUUID().slice(0, 8)}`, password: 'password-123', email });
  await register(known);
  const [a, b] = [await register(known), await register(fresh())];
  assert.deepEqual([a.status, a.body], [b.status, b.body]);
  for (const path of ['/api/newsletter-subscriptions', '/api/podcast-subscriptions']) {
    const body = (email: string) => (path.includes('podcast') ? { firstName: 'Eli', email } : { email });
    await visitor.post(path, body(known));
    // A stranger asking about an address someone else subscribed (the browser that subscribed it may be told).
    const repeat = await new Session().post(path, body(known));
    const first = await new Session().post(path, body(fresh()));
    assert.deepEqual([repeat.status, repeat.body.message], [first.status, first.body.message], path);
  }
});
