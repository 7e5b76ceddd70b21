import { eventually, testServers, type ServiceProcess, type TestDatabase } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client as Postgres } from 'pg';
import Stripe from 'stripe';
import { ADMIN, caughtMails, Client, loadStripeEmulator, startDownstream, startHarness, type Harness, type StripeEmulator } from './harness';

const MEMBERSHIP_WEBHOOK_SECRET = 'whsec_membership_gateway_test';
const ORDERS_WEBHOOK_SECRET = 'whsec_local_dev_secret';

let h: Harness;
let emulator: StripeEmulator;
let membership: { service: ServiceProcess; db: TestDatabase };
let identityDb: Postgres;
let membershipPg: Postgres;
const membershipDb = () => membershipPg;
let stripe: Stripe;

beforeAll(async () => {
  const servers = testServers();
  h = await startHarness({ gateway: { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000', RATE_LIMIT_FORMS_PER_HOUR: '100000' } });
  emulator = await loadStripeEmulator()({
    port: 0,
    webhookEndpoints: [{ url: `${h.baseUrl}/api/webhooks/stripe/membership`, secret: MEMBERSHIP_WEBHOOK_SECRET }],
    retry: { initialDelayMs: 200, maxDelayMs: 1000 },
  });
  membership = await startDownstream('membership', {
    REDIS_URL: servers.KM_TEST_REDIS_URL,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(servers.KM_TEST_SMTP_PORT),
    STRIPE_SECRET_KEY: 'sk_test_gateway_membership',
    STRIPE_WEBHOOK_SECRET: MEMBERSHIP_WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(emulator.port),
    STRIPE_API_PROTOCOL: 'http',
    PUBLIC_ORIGIN: 'http://localhost:3999',
  });
  identityDb = new Postgres({ connectionString: h.db.url });
  await identityDb.connect();
  membershipPg = new Postgres({ connectionString: membership.db.url });
  await membershipPg.connect();
  stripe = new Stripe('sk_test_gateway_membership', { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(async () => {
  await identityDb?.end();
  await membershipPg?.end();
  await membership?.service.stop();
  await emulator?.close();
  await h?.stop();
  await membership?.db.drop();
});

const form = (overrides: Record<string, string> = {}) => ({
  firstName: 'Lydia',
  lastName: 'Thyatira',
  email: `lydia-${randomUUID().slice(0, 8)}@example.com`,
  phone: '555-0199',
  ...overrides,
});

/** Through the HTTP API as the page does it: payment step, Stripe.js confirming with 4242…, then the join. */
async function joinThroughHttp(client: Client, overrides: Record<string, string> = {}, card = 'pm_card_visa') {
  const body = form(overrides);
  const payment = await client.post('/api/create-membership-payment', body);
  assert.equal(payment.status, 200, JSON.stringify(payment.body));
  await stripe.paymentIntents.confirm(payment.body.clientSecret.split('_secret_')[0], { payment_method: card });
  const joined = await client.post('/api/memberships', { ...body, subscriptionId: payment.body.subscriptionId, customerId: payment.body.customerId });
  return { body, payment: payment.body, joined };
}

describe('joining through the gateway', () => {
  test('POST /api/memberships answers {referralCode, signIn: signed_in} with 201 and signs the member in; /api/auth/me shows role member', async () => {
    const client = new Client(h.gateway);
    const { body, joined } = await joinThroughHttp(client);
    assert.equal(joined.status, 201);
    assert.deepEqual(Object.keys(joined.body), ['referralCode', 'signIn']);
    assert.equal(joined.body.signIn, 'signed_in');
    assert.match(joined.cookie ?? '', /km_session=.+; .*HttpOnly/i);
    const me = await client.get('/api/auth/me');
    assert.equal(me.status, 200);
    assert.deepEqual([me.body.user.role, me.body.user.email, me.body.user.isAdmin], ['member', body.email, false]);
    const profile = await client.get('/api/membership/profile');
    assert.equal(profile.status, 200);
    assert.deepEqual(Object.keys(profile.body).sort(), [
      'cancelAtPeriodEnd',
      'currentPeriodEnd',
      'email',
      'firstName',
      // While past_due, when the grace period ends (ADR 0059); null otherwise.
      'graceEndsAt',
      'lastName',
      'memberSince',
      'phone',
      'referralCode',
      'subscriptionStatus',
      'totalCommissions',
      'totalReferrals',
    ]);
    assert.deepEqual([profile.body.referralCode, profile.body.subscriptionStatus, profile.body.totalCommissions], [joined.body.referralCode, 'active', '0.00']);
    const welcome = await eventually(async () => (await caughtMails('Welcome to Marketshare')).find((m) => m.to[0].address === body.email), 10_000);
    assert.ok(welcome.text.includes(joined.body.referralCode));
    assert.ok(welcome.text.includes('http://localhost:3999/member-dashboard'));
  });

  test('an unknown referral code is a 400 naming referralCode; an active member’s email is a 409 with a message', async () => {
    const client = new Client(h.gateway);
    const unknown = await client.post('/api/create-membership-payment', form({ referralCode: 'ZZZZZZZZ' }));
    assert.equal(unknown.status, 400);
    assert.deepEqual(unknown.body.details.fields, [
      { field: 'referralCode', message: 'referralCode does not match any member. Check the code, or leave it empty.' },
    ]);
    const { body } = await joinThroughHttp(new Client(h.gateway));
    const again = await client.post('/api/create-membership-payment', { ...body });
    assert.deepEqual(again.body, {
      statusCode: 409,
      code: 'conflict',
      message: 'This email address already has an active Marketshare membership. Sign in from the member dashboard instead.',
      details: { reason: 'already_member' },
    });
  });

  test('a referral shows in the referrer’s lists and stats, with the referrer mailed "you earned $1.00"', async () => {
    const referrer = new Client(h.gateway);
    const first = await joinThroughHttp(referrer);
    // Another person with another card: one card for both is held for review as self-referral (ADR 0028).
    const { body: second } = await joinThroughHttp(new Client(h.gateway), { referralCode: first.joined.body.referralCode }, 'pm_card_mastercard');
    const referrals = await referrer.get('/api/membership/referrals');
    assert.equal(referrals.headers.get('x-total-count'), '1');
    assert.deepEqual(
      referrals.body.map((r: any) => [r.referredMember.email, r.commissionStatus, r.commissionAmount]),
      [[second.email, 'pending', '1.00']],
    );
    const stats = await referrer.get('/api/membership/stats');
    assert.deepEqual([stats.body.totalReferrals, stats.body.pendingCommissions, stats.body.membershipDiscount], [1, '1.00', 5]);
    const commissions = await referrer.get('/api/membership/commissions');
    assert.deepEqual(
      commissions.body.map((c: any) => [c.amount, c.status]),
      [['1.00', 'pending']],
    );
    assert.deepEqual((await referrer.get('/api/membership/profit-bonuses')).body, []);
    const earned = await eventually(
      async () => (await caughtMails('You earned $1.00 with Marketshare')).find((m) => m.to[0].address === first.body.email),
      10_000,
    );
    assert.ok(earned.text.includes('Lydia just joined Marketshare with your referral code'));
  });
});

describe('member-only reads', () => {
  const routes = [
    '/api/membership/profile',
    '/api/membership/referrals',
    '/api/membership/commissions',
    '/api/membership/profit-bonuses',
    '/api/membership/stats',
  ];

  test('answer 401 signed out and 403 to a signed-in user who is not a member', async () => {
    const visitor = new Client(h.gateway);
    for (const route of routes) {
      const res = await visitor.get(route);
      assert.deepEqual([route, res.status, res.body.message], [route, 401, 'You need to sign in to do that.']);
    }
    const user = new Client(h.gateway);
    const username = `user${randomUUID().slice(0, 8)}`;
    assert.equal((await user.post('/api/auth/register', { username, password: 'password-123', email: `${username}@example.com` })).status, 202);
    assert.equal((await user.post('/api/auth/login', { username, password: 'password-123' })).status, 200);
    for (const route of [...routes.map((r) => ['GET', r]), ['PUT', '/api/membership/profile'], ['POST', '/api/membership/cancel']]) {
      const res = await user.request(route[0], route[1], route[0] === 'GET' ? undefined : { firstName: 'A', lastName: 'B' });
      assert.deepEqual(
        [route[1], res.status, res.body.message],
        [route[1], 403, 'This is for Marketshare members. Join on the Marketshare page, or sign in with your member email.'],
      );
    }
  });

  test('PUT /api/membership/profile changes names and phone; an email in the body is a 400 that says to contact support', async () => {
    const client = new Client(h.gateway);
    const { body } = await joinThroughHttp(client);
    const refused = await client.put('/api/membership/profile', { firstName: 'Lydia', lastName: 'Philippi', phone: '', email: 'other@example.com' });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.details.fields, [
      { field: 'email', message: 'Your email address cannot be changed here. Please contact support to change it.' },
    ]);
    const ok = await client.put('/api/membership/profile', { firstName: 'Lydia', lastName: 'Philippi', phone: '555-0142' });
    assert.equal(ok.status, 200);
    assert.deepEqual([ok.body.firstName, ok.body.lastName, ok.body.phone, ok.body.email], ['Lydia', 'Philippi', '555-0142', body.email]);
  });
});

describe('a member’s own earnings statement (ADR 0061)', () => {
  test('a member reads only their own: no member id in the address, another member’s by the admin route is a 403, a bad year a 400', async () => {
    const client = new Client(h.gateway);
    const { body, joined } = await joinThroughHttp(client);
    assert.equal(joined.status, 201);
    const own = await client.get('/api/membership/earnings/2026');
    assert.equal(own.status, 200);
    assert.deepEqual(
      { ...own.body, member: { ...own.body.member, memberId: undefined } },
      {
        year: '2026',
        member: { memberId: undefined, firstName: body.firstName, lastName: body.lastName, email: body.email },
        lines: [],
        total: '0.00',
        threshold: '2000.00',
        thresholdFrom: '2026',
        reportable: false,
      },
    );
    const other = new Client(h.gateway);
    await joinThroughHttp(other);
    const otherId = (await other.get('/api/auth/me')).body.user.memberId as string;
    const forbidden = await client.get(`/api/admin/earnings/2026/members/${otherId}`);
    assert.equal(forbidden.status, 403);
    assert.doesNotMatch(JSON.stringify(forbidden.body), new RegExp(otherId));
    for (const year of ['26', '1999', '2026-01', '2026%27%3B--']) {
      const bad = await client.get(`/api/membership/earnings/${year}`);
      assert.deepEqual([year, bad.status, bad.body.message], [year, 400, 'year must be a calendar year written YYYY between 2020 and 2099, e.g. 2026']);
    }
  });
});

describe('member sign-in by emailed link', () => {
  const linkFor = async (email: string, after = 0) => {
    const mail = await eventually(async () => {
      const mails = (await caughtMails('Your Marketshare sign-in code')).filter((m) => m.to[0].address === email);
      return mails.length > after ? mails[mails.length - 1] : undefined;
    }, 10_000);
    const match = /#signin=([\w%-]+)/.exec(mail.text);
    assert.ok(match, 'the mail carries a /member-dashboard#signin= link');
    return decodeURIComponent(match[1]);
  };

  test('always answers 202; a member gets a link that signs in once, by POST', async () => {
    const { body } = await joinThroughHttp(new Client(h.gateway));
    const visitor = new Client(h.gateway);
    const notMember = await visitor.post('/api/auth/member-link', { email: `nobody-${randomUUID().slice(0, 8)}@example.com` });
    const member = await visitor.post('/api/auth/member-link', { email: body.email.toUpperCase() });
    assert.deepEqual([notMember.status, notMember.body, member.status, member.body], [202, { accepted: true }, 202, { accepted: true }]);
    const token = await linkFor(body.email);
    // Fetching the link (what a mail scanner does) is a GET of the page: it signs nobody in and uses nothing up.
    assert.equal((await visitor.get(`/member-dashboard#signin=${token}`)).status, 200);
    const browser = new Client(h.gateway);
    const [a, b] = await Promise.all([
      browser.post('/api/auth/member-link/redeem', { token }),
      new Client(h.gateway).post('/api/auth/member-link/redeem', { token }),
    ]);
    assert.deepEqual([a.status, b.status].sort(), [200, 401]);
    const winner = a.status === 200 ? a : b;
    assert.deepEqual([winner.body.user.role, winner.body.user.email], ['member', body.email]);
    const again = await new Client(h.gateway).post('/api/auth/member-link/redeem', { token });
    assert.deepEqual(
      [again.status, again.body.message],
      [401, 'This sign-in link has expired or has already been used. Request a new link from the member dashboard.'],
    );
  });

  test('a member’s address gets at most 3 links an hour: 5 requests at once all answer 202 and exactly 3 mails go out', async () => {
    const { body } = await joinThroughHttp(new Client(h.gateway));
    const answers = await Promise.all(Array.from({ length: 5 }, () => new Client(h.gateway).post('/api/auth/member-link', { email: body.email })));
    assert.deepEqual(
      answers.map((a) => [a.status, a.body]),
      Array(5).fill([202, { accepted: true }]),
    );
    const mailed = async () => (await caughtMails('Your Marketshare sign-in code')).filter((m) => m.to[0].address === body.email).length;
    await eventually(async () => ((await mailed()) >= 3 ? true : undefined), 10_000);
    // and a moment longer, so a fourth mail that should not go out has had its chance
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(await mailed(), 3);
  });

  test('a link older than 15 minutes is refused; signing out ends the member session', async () => {
    const { body } = await joinThroughHttp(new Client(h.gateway));
    const before = (await caughtMails('Your Marketshare sign-in code')).filter((m) => m.to[0].address === body.email).length;
    await new Client(h.gateway).post('/api/auth/member-link', { email: body.email });
    const token = await linkFor(body.email, before);
    await identityDb.query(`UPDATE member_sign_in_links SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    const expired = await new Client(h.gateway).post('/api/auth/member-link/redeem', { token });
    assert.equal(expired.status, 401);

    await new Client(h.gateway).post('/api/auth/member-link', { email: body.email });
    const fresh = await linkFor(body.email, before + 1);
    const [{ seconds }] = (await identityDb.query(`SELECT extract(epoch FROM max(expires_at - created_at))::int AS seconds FROM member_sign_in_links`))
      .rows as { seconds: number }[];
    assert.equal(seconds, 15 * 60);
    const browser = new Client(h.gateway);
    assert.equal((await browser.post('/api/auth/member-link/redeem', { token: fresh })).status, 200);
    assert.equal((await browser.get('/api/membership/profile')).status, 200);
    assert.equal((await browser.post('/api/auth/logout')).status, 200);
    assert.equal((await browser.get('/api/membership/profile')).status, 401);
  });
});

describe('ADR 0026: a membership never signs anyone in as the account that holds its email', () => {
  const mailTo = async (subject: string, email: string, after = 0) =>
    eventually(async () => {
      const mails = (await caughtMails(subject)).filter((m) => m.to[0].address === email);
      return mails.length > after ? mails[mails.length - 1] : undefined;
    }, 10_000);
  const fragment = (text: string, key: string) => decodeURIComponent(new RegExp(`#${key}=([\\w%-]+)`).exec(text)![1]);
  const codeIn = (text: string) => /enter this code on the member dashboard(?: instead)?: (\d{6})/.exec(text)![1];

  /** A visitor registers with an email and a known password (the attacker of finding 2, or an honest user). */
  async function registeredVisitor(email: string) {
    const username = `acct${randomUUID().slice(0, 8)}`;
    const res = await new Client(h.gateway).post('/api/auth/register', { username, password: 'password-123', email });
    assert.deepEqual([res.status, res.body], [202, { accepted: true }]);
    const browser = new Client(h.gateway);
    assert.equal((await browser.post('/api/auth/login', { username, password: 'password-123' })).status, 200);
    return { username, browser };
  }

  test('finding 1: joining with the email of an existing account answers the code with signIn link_sent, sets no session, and /api/auth/me stays 401', async () => {
    const email = `victim-${randomUUID().slice(0, 8)}@example.com`;
    const victim = await registeredVisitor(email);
    const attacker = new Client(h.gateway);
    const { joined } = await joinThroughHttp(attacker, { email });
    assert.deepEqual([joined.status, joined.body.signIn], [201, 'link_sent']);
    assert.ok(!(joined.headers.getSetCookie() ?? []).some((c) => c.startsWith('km_session=')), 'no session cookie for the payer');
    assert.equal((await attacker.get('/api/auth/me')).status, 401);
    // The victim's own session is untouched, and their account is not a member until they use the mailed link.
    const me = await victim.browser.get('/api/auth/me');
    assert.deepEqual([me.status, me.body.user.username, me.body.user.role], [200, victim.username, undefined]);
    const waiting = await mailTo('Your Marketshare membership is ready', email);
    assert.ok(!waiting.text.includes('Lydia'), 'nothing the payer typed is quoted to the address');
    const owner = new Client(h.gateway);
    const redeemed = await owner.post('/api/auth/member-link/redeem', { token: fragment(waiting.text, 'signin') });
    assert.deepEqual([redeemed.status, redeemed.body.user.role, redeemed.body.user.email], [200, 'member', email]);
    assert.equal((await owner.get('/api/membership/profile')).body.email, email);
  });

  test('finding 1, the admin: a join with the admin’s email signs nobody in and leaves the admin exactly as it was', async () => {
    const admin = new Client(h.gateway);
    assert.equal((await admin.post('/api/auth/login', { username: 'admin', password: ADMIN.password })).status, 200);
    const adminEmail = (await admin.get('/api/auth/me')).body.user.email as string | null;
    // The harness's admin may have no email: give the seeded admin one in the database, as compose and k8s do.
    const email = adminEmail ?? `admin-${randomUUID().slice(0, 8)}@example.com`;
    if (!adminEmail) await identityDb.query(`UPDATE users SET email = $1 WHERE username = 'admin'`, [email]);
    const attacker = new Client(h.gateway);
    const { joined } = await joinThroughHttp(attacker, { email });
    assert.equal(joined.body.signIn, 'link_sent');
    assert.equal((await attacker.get('/api/auth/me')).status, 401);
    const [row] = (await identityDb.query(`SELECT is_admin, member_id, password_hash IS NOT NULL AS has_password FROM users WHERE username = 'admin'`))
      .rows as { is_admin: boolean; member_id: string | null; has_password: boolean }[];
    assert.deepEqual(row, { is_admin: true, member_id: null, has_password: true });
    // The admin's mailbox gets the link; it attaches the membership but never signs an admin in (no second factor).
    const waiting = await mailTo('Your Marketshare membership is ready', email);
    const byLink = new Client(h.gateway);
    const refused = await byLink.post('/api/auth/member-link/redeem', { token: fragment(waiting.text, 'signin') });
    assert.deepEqual(
      [refused.status, refused.body.message],
      [
        403,
        'This is an admin account, so it does not sign in by emailed link. Your membership is now on the account: sign in with Admin Login (password and code).',
      ],
    );
    assert.equal((await byLink.get('/api/auth/me')).status, 401);
    const [after] = (await identityDb.query(`SELECT is_admin, member_id IS NOT NULL AS member FROM users WHERE username = 'admin'`)).rows;
    assert.deepEqual(after, { is_admin: true, member: true });
  });

  test('finding 2: an account pre-registered with a future member’s email loses its password and sessions when the owner uses the link', async () => {
    const email = `future-${randomUUID().slice(0, 8)}@example.com`;
    const attacker = await registeredVisitor(email);
    const { joined } = await joinThroughHttp(new Client(h.gateway), { email });
    assert.equal(joined.body.signIn, 'link_sent');
    // Before the link is used the attacker's account holds no membership.
    assert.equal((await attacker.browser.get('/api/membership/profile')).status, 403);
    const waiting = await mailTo('Your Marketshare membership is ready', email);
    const owner = new Client(h.gateway);
    assert.equal((await owner.post('/api/auth/member-link/redeem', { token: fragment(waiting.text, 'signin') })).status, 200);
    assert.equal((await owner.get('/api/membership/profile')).status, 200);
    assert.equal((await attacker.browser.get('/api/auth/me')).status, 401, 'the attacker’s session is revoked');
    assert.equal((await new Client(h.gateway).post('/api/auth/login', { username: attacker.username, password: 'password-123' })).status, 401);
  });

  test('finding 3: a repeated join and a join from another browser with the same ids answer the code and no session', async () => {
    const browser = new Client(h.gateway);
    const { body, payment, joined } = await joinThroughHttp(browser);
    assert.equal(joined.body.signIn, 'signed_in');
    const request = { ...body, subscriptionId: payment.subscriptionId, customerId: payment.customerId };
    const again = await browser.post('/api/memberships', request);
    const stranger = new Client(h.gateway);
    const elsewhere = await stranger.post('/api/memberships', request);
    assert.deepEqual(
      [again.status, again.body, elsewhere.status, elsewhere.body],
      [200, { referralCode: joined.body.referralCode, signIn: 'none' }, 200, { referralCode: joined.body.referralCode, signIn: 'none' }],
    );
    assert.ok(!(elsewhere.headers.getSetCookie() ?? []).some((c) => c.startsWith('km_session=')));
    assert.equal((await stranger.get('/api/auth/me')).status, 401);
  });

  test('finding 3: five joins racing from the browser that paid sign it in exactly once', async () => {
    const browser = new Client(h.gateway);
    const body = form();
    const payment = (await browser.post('/api/create-membership-payment', body)).body;
    await stripe.paymentIntents.confirm(payment.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
    const cookie = browser.cookie!;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        new Client(h.gateway).post('/api/memberships', { ...body, subscriptionId: payment.subscriptionId, customerId: payment.customerId }, { cookie }),
      ),
    );
    assert.deepEqual(answers.map((a) => a.body.signIn).sort(), ['none', 'none', 'none', 'none', 'signed_in']);
    assert.equal(answers.filter((a) => (a.headers.getSetCookie() ?? []).some((c) => c.startsWith('km_session='))).length, 1);
  });

  test('finding 3: another browser’s payment step for the same email gets its own subscription, and never the first one’s ids, secret or metadata', async () => {
    const first = new Client(h.gateway);
    const body = form();
    const mine = (await first.post('/api/create-membership-payment', body)).body;
    const other = await new Client(h.gateway).post('/api/create-membership-payment', { ...body, firstName: 'Mallory', referralCode: undefined });
    assert.equal(other.status, 200);
    assert.notEqual(other.body.subscriptionId, mine.subscriptionId);
    assert.notEqual(other.body.clientSecret, mine.clientSecret);
    assert.ok(!Object.values((await stripe.subscriptions.retrieve(mine.subscriptionId)).metadata).includes('Mallory'), 'the first try’s form is untouched');
    // The same browser again is answered its own open subscription.
    assert.deepEqual((await first.post('/api/create-membership-payment', body)).body, mine);
    // Once paid, only the browser that started it hears signup_paid and the ids.
    await stripe.paymentIntents.confirm(mine.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
    const stranger = await new Client(h.gateway).post('/api/create-membership-payment', body);
    assert.equal(stranger.status, 200);
    assert.ok(!JSON.stringify(stranger.body).includes(mine.subscriptionId));
    const owner = await first.post('/api/create-membership-payment', body);
    assert.deepEqual([owner.status, owner.body.details?.reason, owner.body.details?.subscriptionId], [409, 'signup_paid', mine.subscriptionId]);
  });

  test('finding 3: the referrer is the one chosen at the payment step, not the one in whichever join completes first', async () => {
    const referrer = await joinThroughHttp(new Client(h.gateway));
    const thief = await joinThroughHttp(new Client(h.gateway));
    const browser = new Client(h.gateway);
    const body = form({ referralCode: referrer.joined.body.referralCode });
    const payment = (await browser.post('/api/create-membership-payment', body)).body;
    await stripe.paymentIntents.confirm(payment.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
    const hijack = await new Client(h.gateway).post('/api/memberships', {
      ...body,
      referralCode: thief.joined.body.referralCode,
      subscriptionId: payment.subscriptionId,
      customerId: payment.customerId,
    });
    assert.equal(hijack.status, 201);
    const [row] = (
      await membershipDb().query(
        `SELECT r.referral_code FROM referrals x JOIN members m ON m.id = x.referred_id JOIN members r ON r.id = x.referrer_id WHERE m.email = $1`,
        [body.email],
      )
    ).rows as { referral_code: string }[];
    assert.equal(row.referral_code, referrer.joined.body.referralCode);
  });

  test('the verified owner of an account, signed in, joins with its email: the membership goes on that account and the session stays', async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    const { username, browser } = await registeredVisitor(email);
    const confirm = await mailTo('Confirm your email address', email);
    assert.deepEqual((await new Client(h.gateway).post('/api/auth/verify-email', { token: fragment(confirm.text, 'token') })).body, { verified: true });
    const { joined } = await joinThroughHttp(browser, { email });
    assert.deepEqual([joined.status, joined.body.signIn], [201, 'signed_in']);
    const me = await browser.get('/api/auth/me');
    assert.deepEqual([me.body.user.username, me.body.user.role], [username, 'member']);
  });

  test('a newer sign-in link retires the older; the six-digit code signs in, five wrong codes retire the link', async () => {
    const { body } = await joinThroughHttp(new Client(h.gateway));
    await new Client(h.gateway).post('/api/auth/member-link', { email: body.email });
    const older = await mailTo('Your Marketshare sign-in code', body.email);
    await new Client(h.gateway).post('/api/auth/member-link', { email: body.email });
    const newer = await mailTo('Your Marketshare sign-in code', body.email, 1);
    assert.equal((await new Client(h.gateway).post('/api/auth/member-link/redeem', { token: fragment(older.text, 'signin') })).status, 401);
    const code = codeIn(newer.text);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(
      Array.from({ length: 5 }, () => new Client(h.gateway).post('/api/auth/member-link/code', { email: body.email, code: wrong })),
    );
    assert.deepEqual(
      guesses.map((g) => [g.status, g.body.message]),
      Array(5).fill([401, 'That code is not right, or it has expired. Check the latest email, or request a new link from the member dashboard.']),
    );
    assert.equal((await new Client(h.gateway).post('/api/auth/member-link/code', { email: body.email, code })).status, 401, 'the link was retired');
    await new Client(h.gateway).post('/api/auth/member-link', { email: body.email });
    const third = await mailTo('Your Marketshare sign-in code', body.email, 2);
    const phone = new Client(h.gateway);
    const signedIn = await phone.post('/api/auth/member-link/code', { email: body.email.toUpperCase(), code: codeIn(third.text) });
    assert.deepEqual([signedIn.status, signedIn.body.user.role], [200, 'member']);
    assert.equal((await phone.get('/api/membership/profile')).status, 200);
    const malformed = await new Client(h.gateway).post('/api/auth/member-link/code', { email: body.email, code: '12a456' });
    assert.deepEqual([malformed.status, malformed.body.message], [400, 'code must be the six digits from the email']);
  });
});

describe('membership’s own Stripe endpoint', () => {
  test('verifies with the membership secret and refuses events signed with orders’ secret', async () => {
    const payload = JSON.stringify({ id: `evt_${randomUUID().replace(/-/g, '')}`, object: 'event', type: 'invoice.created', created: 1, data: { object: {} } });
    const sign = (secret: string) => stripe.webhooks.generateTestHeaderString({ payload, secret });
    const post = (signature: string) =>
      fetch(`${h.baseUrl}/api/webhooks/stripe/membership`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    const ok = await post(sign(MEMBERSHIP_WEBHOOK_SECRET));
    assert.deepEqual([ok.status, await ok.json()], [200, { received: true, outcome: 'ignored' }]);
    const wrong = await post(sign(ORDERS_WEBHOOK_SECRET));
    assert.equal(wrong.status, 400);
    assert.equal(
      ((await wrong.json()) as { message: string }).message,
      'Stripe webhook refused: the Stripe-Signature header does not match the body and the membership webhook secret.',
    );
  });
});
