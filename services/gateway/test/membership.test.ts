import { eventually, testServers, type ServiceProcess, type TestDatabase } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client as Postgres } from 'pg';
import Stripe from 'stripe';
import { caughtMails } from './checkout-harness';
import { Client, startDownstream, startHarness, type Harness } from './gateway-harness';

const MEMBERSHIP_WEBHOOK_SECRET = 'whsec_membership_gateway_test';
const ORDERS_WEBHOOK_SECRET = 'whsec_local_dev_secret';

interface StripeEmulator {
  url: string;
  port: number;
  close(): Promise<void>;
}
type StartStripeEmulator = (options: {
  port: number;
  webhookEndpoints: { url: string; secret: string }[];
  retry: { initialDelayMs: number; maxDelayMs: number };
}) => Promise<StripeEmulator>;

let h: Harness;
let emulator: StripeEmulator;
let membership: { service: ServiceProcess; db: TestDatabase };
let identityDb: Postgres;
let stripe: Stripe;

beforeAll(async () => {
  const servers = testServers();
  h = await startHarness({ gateway: { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000', RATE_LIMIT_FORMS_PER_HOUR: '100000' } });
  const source = path.resolve(__dirname, '../../../../tools/stripe-emulator/server.ts');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the emulator is a dev tool outside the build, loaded under tsx
  emulator = await (require(source) as { startStripeEmulator: StartStripeEmulator }).startStripeEmulator({
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
  stripe = new Stripe('sk_test_gateway_membership', { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(async () => {
  await identityDb?.end();
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
  test('POST /api/memberships answers {referralCode} with 201 and signs the member in; /api/auth/me shows role member', async () => {
    const client = new Client(h.gateway);
    const { body, joined } = await joinThroughHttp(client);
    assert.equal(joined.status, 201);
    assert.deepEqual(Object.keys(joined.body), ['referralCode']);
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
    assert.equal((await user.post('/api/auth/register', { username, password: 'password-123' })).status, 201);
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

describe('member sign-in by emailed link', () => {
  const linkFor = async (email: string, after = 0) => {
    const mail = await eventually(async () => {
      const mails = (await caughtMails('Your Marketshare sign-in link')).filter((m) => m.to[0].address === email);
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
    const mailed = async () => (await caughtMails('Your Marketshare sign-in link')).filter((m) => m.to[0].address === body.email).length;
    await eventually(async () => ((await mailed()) >= 3 ? true : undefined), 10_000);
    // and a moment longer, so a fourth mail that should not go out has had its chance
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(await mailed(), 3);
  });

  test('a link older than 24 hours is refused; signing out ends the member session', async () => {
    const { body } = await joinThroughHttp(new Client(h.gateway));
    const before = (await caughtMails('Your Marketshare sign-in link')).filter((m) => m.to[0].address === body.email).length;
    await new Client(h.gateway).post('/api/auth/member-link', { email: body.email });
    const token = await linkFor(body.email, before);
    await identityDb.query(`UPDATE member_sign_in_links SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    const expired = await new Client(h.gateway).post('/api/auth/member-link/redeem', { token });
    assert.equal(expired.status, 401);

    await new Client(h.gateway).post('/api/auth/member-link', { email: body.email });
    const fresh = await linkFor(body.email, before + 1);
    const [{ seconds }] = (await identityDb.query(`SELECT extract(epoch FROM max(expires_at - created_at))::int AS seconds FROM member_sign_in_links`))
      .rows as { seconds: number }[];
    assert.equal(seconds, 24 * 3600);
    const browser = new Client(h.gateway);
    assert.equal((await browser.post('/api/auth/member-link/redeem', { token: fresh })).status, 200);
    assert.equal((await browser.get('/api/membership/profile')).status, 200);
    assert.equal((await browser.post('/api/auth/logout')).status, 200);
    assert.equal((await browser.get('/api/membership/profile')).status, 401);
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
