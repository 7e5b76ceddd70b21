import { testServers, type ServiceProcess, type TestDatabase } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { STRIPE_KEYS, type CheckoutHarness } from './checkout-harness';
import { Client, startDownstream } from './gateway-harness';

export const MEMBERSHIP_WEBHOOK_SECRET = 'whsec_member_discount_test';

/** Membership beside a checkout harness, on its Stripe emulator, and a Stripe client for what the browser does. */
export async function startMembership(h: CheckoutHarness): Promise<{ membership: { service: ServiceProcess; db: TestDatabase }; stripe: Stripe }> {
  const servers = testServers();
  const membership = await startDownstream('membership', {
    REDIS_URL: servers.KM_TEST_REDIS_URL,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(servers.KM_TEST_SMTP_PORT),
    STRIPE_SECRET_KEY: STRIPE_KEYS.secretKey,
    STRIPE_WEBHOOK_SECRET: MEMBERSHIP_WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(h.stripe.port),
    STRIPE_API_PROTOCOL: 'http',
    PUBLIC_ORIGIN: 'http://localhost:3999',
  });
  const stripe = new Stripe(STRIPE_KEYS.secretKey, { host: '127.0.0.1', port: h.stripe.port, protocol: 'http', maxNetworkRetries: 0 });
  return { membership, stripe };
}

/** Joins Marketshare through the HTTP API as the page does; the client is then signed in as the member. */
export async function signedInMember(h: CheckoutHarness, stripe: Stripe): Promise<{ client: Client; subscriptionId: string; memberId: string }> {
  const client = new Client(h.gateway);
  const body = { firstName: 'Lydia', lastName: 'Thyatira', email: `lydia-${randomUUID().slice(0, 8)}@example.com`, phone: '555-0199' };
  const payment = await client.post('/api/create-membership-payment', body);
  assert.equal(payment.status, 200, JSON.stringify(payment.body));
  await stripe.paymentIntents.confirm(payment.body.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
  const joined = await client.post('/api/memberships', { ...body, subscriptionId: payment.body.subscriptionId, customerId: payment.body.customerId });
  assert.equal(joined.status, 201, JSON.stringify(joined.body));
  const me = await client.get('/api/auth/me');
  return { client, subscriptionId: payment.body.subscriptionId, memberId: me.body.user.memberId };
}
