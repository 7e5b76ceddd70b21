import { MembershipSubjects, type MembershipSignup } from '@km/contracts';
import { RpcClient } from '@km/nest-kit';
import { connectTestRpc, createTestDatabase, startTestService, testNatsUrl, testServers, type TestDatabase } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { loadMembershipConfig } from '../src/config';

export const WEBHOOK_SECRET = 'whsec_membership_test_secret';
const SECRET_KEY = 'sk_test_membership';

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

/** The emulator is a dev tool outside the build; integration tests run under tsx, which loads its source. */
function loadStripeEmulator(): StartStripeEmulator {
  const source = path.resolve(__dirname, '../../../../tools/stripe-emulator/server.ts');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a path known only at run time, outside the build
  return (require(source) as { startStripeEmulator: StartStripeEmulator }).startStripeEmulator;
}

export interface MembershipHarness {
  app: INestApplication;
  db: TestDatabase;
  data: DataSource;
  /** The bus as the gateway uses it (its permissions). */
  rpc: RpcClient;
  stripe: Stripe;
  emulator: StripeEmulator;
  /** Stripe events the endpoint received (raw bodies), in arrival order. */
  delivered: string[];
  stop(): Promise<void>;
}

/**
 * Membership as in production against the test stack, with its own Stripe emulator whose membership endpoint is a
 * small relay that hands each signed event to membership over NATS, as the gateway does. `env` adds to its configuration.
 */
export async function startMembershipHarness(env: Record<string, string> = {}): Promise<MembershipHarness> {
  const servers = testServers();
  const bus = await connectTestRpc('gateway', 10_000);
  const delivered: string[] = [];
  const relay = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      delivered.push(raw.toString('utf8'));
      bus.rpc
        .send(MembershipSubjects.handleStripeWebhook, { payload: raw.toString('base64'), signature: String(req.headers['stripe-signature'] ?? '') })
        .then(() => res.writeHead(200).end())
        .catch(() => res.writeHead(503).end());
    });
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/api/webhooks/stripe/membership`;
  const emulator = await loadStripeEmulator()({
    port: 0,
    webhookEndpoints: [{ url: relayUrl, secret: WEBHOOK_SECRET }],
    retry: { initialDelayMs: 100, maxDelayMs: 500 },
  });
  const db = await createTestDatabase('membership');
  const app = await startTestService(
    AppModule.forRoot(
      loadMembershipConfig({
        HTTP_PORT: '0',
        NATS_URL: testNatsUrl('membership'),
        DATABASE_URL: db.url,
        REDIS_URL: servers.KM_TEST_REDIS_URL,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(servers.KM_TEST_SMTP_PORT),
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(emulator.port),
        STRIPE_API_PROTOCOL: 'http',
        PUBLIC_ORIGIN: 'http://localhost:3999',
        LOG_LEVEL: 'warn',
        ...env,
      }),
    ),
    'membership',
    testNatsUrl('membership'),
  );
  const stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0 });
  return {
    app,
    db,
    data: app.get(DataSource),
    rpc: bus.rpc,
    stripe,
    emulator,
    delivered,
    async stop() {
      await app.close().catch(() => undefined);
      await emulator.close();
      await new Promise<void>((r) => (relay.closeAllConnections(), relay.close(() => r())));
      await bus.close();
      await db.drop();
    },
  };
}

/** A browser's signup form, with the hash of its signup cookie (ADR 0026): one browser per form unless overridden. */
export type BrowserSignup = MembershipSignup & { browserKey: string };
export const browserKey = () => createHash('sha256').update(randomUUID()).digest('hex');

export const signup = (overrides: Partial<BrowserSignup> = {}): BrowserSignup => ({
  firstName: 'Ruth',
  lastName: 'Moab',
  email: `ruth-${randomUUID().slice(0, 8)}@example.com`,
  phone: '555-0100',
  browserKey: browserKey(),
  ...overrides,
});

/** What Stripe.js does in the browser: confirm the first invoice's PaymentIntent with a card. */
export async function payInBrowser(h: MembershipHarness, clientSecret: string, paymentMethod = 'pm_card_visa') {
  return h.stripe.paymentIntents.confirm(clientSecret.split('_secret_')[0], { payment_method: paymentMethod });
}

/**
 * Stripe's test cards with distinct numbers, taken in turn by `joinedMember`: members who share a card are held as
 * possible self-referral (ADR 0028), so members of a test are different people with different cards unless it says so.
 */
const DISTINCT_CARDS = [
  'pm_card_visa',
  'pm_card_mastercard',
  'pm_card_amex',
  'pm_card_discover',
  'pm_card_visa_debit',
  'pm_card_mastercard_debit',
  'pm_card_mastercard_prepaid',
  'pm_card_diners',
  'pm_card_jcb',
  'pm_card_unionpay',
];
let nextCard = 0;

/** Signs up, pays with a card of its own (or `card`) and joins: the member's code and Stripe ids. */
export async function joinedMember(h: MembershipHarness, overrides: Partial<BrowserSignup> = {}, card = DISTINCT_CARDS[nextCard++ % DISTINCT_CARDS.length]) {
  const form = signup(overrides);
  const payment = await h.rpc.send(MembershipSubjects.createPayment, form);
  await payInBrowser(h, payment.clientSecret, card);
  const joined = await h.rpc.send(MembershipSubjects.join, { ...form, subscriptionId: payment.subscriptionId, customerId: payment.customerId });
  return { form, payment, joined };
}

export async function countRows(h: MembershipHarness, table: 'members' | 'referrals' | 'commissions' | 'member_cards'): Promise<number> {
  const [row] = (await h.data.query(`SELECT count(*)::int AS n FROM ${table}`)) as { n: number }[];
  return row.n;
}

/**
 * `count` referrers written straight into the database, each owed one commission payable in `month` for a member they
 * referred, of 1.00 plus `(row number % spread)` cents; answers the referrers' ids in id order. Joining through Stripe
 * is not what the payout tests prove, and thousands of joins would take minutes.
 */
export async function referrersOwed(data: DataSource, count: number, month: string, spread: number): Promise<string[]> {
  const tag = randomUUID().slice(0, 8);
  const rows = (await data.query(
    `WITH referrers AS (
       INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
       SELECT 'Owed', 'R' || i, 'owed-r' || i || '-' || $3 || '@example.com', 'cus_or' || $3 || i, 'sub_or' || $3 || i, 'active', upper('OR' || $3 || i)
       FROM generate_series(1, $1) i RETURNING id, referral_code
     ), referred AS (
       INSERT INTO members (first_name, last_name, email, stripe_customer_id, stripe_subscription_id, subscription_status, referral_code)
       SELECT 'Owed', 'D' || i, 'owed-d' || i || '-' || $3 || '@example.com', 'cus_od' || $3 || i, 'sub_od' || $3 || i, 'active', upper('OD' || $3 || i)
       FROM generate_series(1, $1) i RETURNING id, referral_code
     ), refs AS (
       INSERT INTO referrals (referrer_id, referred_id)
       SELECT r.id, d.id FROM referrers r JOIN referred d ON substr(r.referral_code, 3) = substr(d.referral_code, 3) RETURNING id, referrer_id
     )
     INSERT INTO commissions (member_id, referral_id, amount, payout_month)
     SELECT referrer_id, id, 1.00 + (row_number() OVER (ORDER BY referrer_id) % $4) / 100.0, $2 FROM refs RETURNING member_id`,
    [count, month, tag, spread],
  )) as { member_id: string }[];
  return rows.map((r) => r.member_id).sort();
}
