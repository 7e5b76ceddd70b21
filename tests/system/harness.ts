// The one harness of the system suite (tests/system, ADR 0014): the gateway's own harness (identity, the gateway
// and the downstream services asked for, as in production), its fixtures, and what the cross-service tests add: orders
// with the Stripe emulator, a switchable SMTP relay, the mail catcher.
export * from '@km/gateway/dist/test/catalog-fixtures';
export * from '@km/gateway/dist/test/gateway-harness';
export * from '@km/gateway/dist/test/podcast-fixtures';
import { CatalogEvents, CatalogSubjects, eventSubject, type CatalogItem, type ItemData } from '@km/contracts';
import { NATS_CONNECTION, RpcClient } from '@km/nest-kit';
import { startServiceProcess, testServers, type ServiceProcess, type TestDatabase } from '@km/nest-kit/testing';
import { createHmac, randomUUID } from 'node:crypto';
import type { NatsConnection } from 'nats';
import net from 'node:net';
import path from 'node:path';
import { ADMIN, Client, startDownstream, startHarness, type Harness } from '@km/gateway/dist/test/gateway-harness';
import assert from 'node:assert/strict';
import { DataSource } from 'typeorm';

export const STRIPE_KEYS = { secretKey: 'sk_test_local', publishableKey: 'pk_test_local', webhookSecret: 'whsec_local_dev_secret' } as const;

/** The part of tools/stripe-emulator's API these tests use. */
export interface StripeEmulator {
  url: string;
  port: number;
  close(): Promise<void>;
}
export type StartStripeEmulator = (options: {
  port: number;
  /** Every URL signed with `webhookSecret` (orders' endpoint), */
  webhookUrls?: string[];
  webhookSecret?: string;
  /** or endpoints with a secret each (membership's). */
  webhookEndpoints?: { url: string; secret: string }[];
  retry: { initialDelayMs: number; maxDelayMs: number };
}) => Promise<StripeEmulator>;

/**
 * The emulator is a TypeScript dev tool outside this project's build; integration tests run under tsx
 * (tools/stack/test-run.ts), which loads its source directly.
 */
export function loadStripeEmulator(): StartStripeEmulator {
  const source = path.resolve(__dirname, '../../../tools/stripe-emulator/server.ts');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a path known only at run time, outside the build
  return (require(source) as { startStripeEmulator: StartStripeEmulator }).startStripeEmulator;
}

/** A TCP relay to the mail catcher that can be switched off, to play an SMTP outage. */
export interface SmtpSwitch {
  port: number;
  up(): void;
  down(): void;
  close(): Promise<void>;
}

async function smtpSwitch(targetPort: number): Promise<SmtpSwitch> {
  let isUp = true;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!isUp) return void client.destroy();
    const upstream = net.connect(targetPort, '127.0.0.1');
    open.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => (client.destroy(), upstream.destroy(), open.delete(client), open.delete(upstream));
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    up: () => void (isUp = true),
    down: () => {
      isUp = false;
      for (const socket of open) socket.destroy();
    },
    close: () => {
      isUp = false;
      for (const socket of open) socket.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export interface CheckoutHarness extends Harness {
  orders: { service: ServiceProcess; db: TestDatabase };
  stripe: StripeEmulator;
  smtp: SmtpSwitch;
  /** NATS request/reply from the gateway's side, e.g. to create catalog items. */
  rpc: RpcClient;
  /**
   * Stops orders as its orchestrator would, runs `whileDown`, and starts orders again on the same database (ready once
   * its `/ready` answers).
   */
  restartOrders(whileDown?: () => Promise<unknown>): Promise<void>;
}

/**
 * Identity, catalog, orders and the gateway as in production, plus the Stripe emulator delivering signed
 * webhooks to the gateway and the mail catcher behind a switchable relay. Limits are raised so the tests
 * measure behaviour, not the rate limiter.
 */
/** `orders`, `catalog`, `gateway`: settings of those over the harness's (e.g. a short abandoned-order time). */
export async function startCheckoutHarness(
  overrides: { orders?: Record<string, string>; catalog?: Record<string, string>; gateway?: Record<string, string> } = {},
): Promise<CheckoutHarness> {
  const servers = testServers();
  // Every mail worker delivers from the one BullMQ queue (identity's too, ADR 0026): all go through the switch.
  const smtp = await smtpSwitch(servers.KM_TEST_SMTP_PORT!);
  const base = await startHarness({
    identity: { SMTP_PORT: String(smtp.port) },
    // Expired stock reservations are released within a fifth of a second (ADR 0032); stock mail goes through the switch too.
    catalog: { RESERVATION_SWEEP_MS: '200', SMTP_PORT: String(smtp.port), ...overrides.catalog },
    gateway: {
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
      STRIPE_PUBLISHABLE_KEY: STRIPE_KEYS.publishableKey,
      STRIPE_JS_URL: 'http://127.0.0.1:12911/v3/',
      ...overrides.gateway,
    },
  });
  // Our own emulator rather than the stack's (KM_TEST_STRIPE_API), whose webhooks go to the stack's gateway port:
  // this one is started once the harness's gateway listens, so its signed webhooks reach that gateway.
  const stripe = await loadStripeEmulator()({
    port: 0,
    webhookUrls: [`${base.baseUrl}/api/webhooks/stripe`],
    webhookSecret: STRIPE_KEYS.webhookSecret,
    retry: { initialDelayMs: 200, maxDelayMs: 1000 },
  });
  const ordersEnv = {
    REDIS_URL: servers.KM_TEST_REDIS_URL,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    STRIPE_SECRET_KEY: STRIPE_KEYS.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_KEYS.webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: 'http',
    ...overrides.orders,
  };
  const orders = await startDownstream('orders', ordersEnv);
  return {
    ...base,
    orders,
    stripe,
    smtp,
    rpc: base.gateway.get(RpcClient),
    async restartOrders(whileDown) {
      await orders.service.stop();
      await whileDown?.();
      orders.service = await startServiceProcess('orders', require.resolve('@km/orders'), { DATABASE_URL: orders.db.url, ...ordersEnv });
    },
    async stop() {
      await orders.service.stop();
      await stripe.close();
      await base.stop();
      await smtp.close();
      await orders.db.drop();
    },
  };
}

/** A catalog item made over NATS (no image upload needed); `inStock: false` makes it unbuyable. */
export async function catalogItem(h: CheckoutHarness, price: string, overrides: Partial<ItemData> = {}): Promise<CatalogItem> {
  const item: ItemData = {
    name: `Test product ${randomUUID().slice(0, 8)}`,
    price,
    description: 'Made by the checkout tests.',
    category: 'Gifts',
    tags: [],
    inStock: true,
    featured: false,
    ...overrides,
  };
  return h.rpc.send(CatalogSubjects.create, { kind: 'product', item, imageKey: `media/catalog/${randomUUID()}.png` });
}

/**
 * Resolves once the catalog's change event for this item has been published (as every replica's copy receives it), or
 * rejects after `withinMs`; it listens from when its own promise resolves.
 */
export async function catalogEventFor(h: CheckoutHarness, itemId: string, withinMs = CATALOG_COPY_BOUND_MS): Promise<{ arrived: Promise<void> }> {
  const nc = h.gateway.get<NatsConnection>(NATS_CONNECTION);
  const subscription = nc.subscribe(eventSubject(CatalogEvents.itemUpdated));
  await nc.flush(); // the server has the subscription before the change is made
  const arrived = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the catalog's event for ${itemId} did not come within ${withinMs} ms`)), withinMs);
    void (async () => {
      for await (const message of subscription) {
        if (message.json<{ data: { itemId: string } }>().data.itemId === itemId) break;
      }
      clearTimeout(timer);
      resolve();
    })();
  }).finally(() => subscription.unsubscribe());
  arrived.catch(() => undefined); // awaited by the caller after its change; a rejection meanwhile is not unhandled
  return { arrived };
}

/** How soon a catalog change reaches orders' copy of the prices (ADR 0022). */
export const CATALOG_COPY_BOUND_MS = 1000;

/**
 * Changes a catalog item (price, stock) the way an admin edit would, and returns once the change's event is on the bus:
 * orders prices from its copy of the catalog, which follows these events (ADR 0022), within CATALOG_COPY_BOUND_MS.
 */
export async function updateCatalogItem(h: CheckoutHarness, item: CatalogItem, changes: Partial<ItemData>): Promise<CatalogItem> {
  const { name, price, description, category, tags, inStock, featured, stockQuantity } = item;
  const announced = await catalogEventFor(h, item.id);
  const updated = await h.rpc.send(CatalogSubjects.update, {
    kind: item.kind,
    id: item.id,
    item: { name, price, description, category, tags, inStock, featured, stockQuantity, ...changes },
  });
  await announced.arrived;
  return updated;
}

/** Stripe's REST API as our server calls it (secret key, form body), for what the browser would do with Stripe.js. */
export async function stripeApi(h: CheckoutHarness, method: 'GET' | 'POST', pathname: string, form: Record<string, string> = {}): Promise<any> {
  const res = await fetch(`${h.stripe.url}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${STRIPE_KEYS.secretKey}`, ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: method === 'POST' ? new URLSearchParams(form).toString() : undefined,
  });
  return { status: res.status, body: await res.json() };
}

/** `Stripe-Signature` as Stripe makes it: t=<unix seconds>,v1=hex(HMAC-SHA256(secret, "<t>.<payload>")). */
export function stripeSignature(payload: string, timestamp = Math.floor(Date.now() / 1000), secret: string = STRIPE_KEYS.webhookSecret): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

/** A Stripe event about `object`, as Stripe would send it. */
export function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)): string {
  return JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  });
}

/** A Stripe event about a payment intent, as Stripe would send it. */
export function paymentIntentEvent(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.created',
  intent: { id: string; amount: number; metadata?: Record<string, string>; amountReceived?: number; currency?: string },
  created = Math.floor(Date.now() / 1000),
): string {
  const succeeded = type === 'payment_intent.succeeded';
  return stripeEvent(
    type,
    {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_received: succeeded ? (intent.amountReceived ?? intent.amount) : 0,
      currency: intent.currency ?? 'usd',
      metadata: intent.metadata ?? {},
      status: succeeded ? 'succeeded' : 'requires_payment_method',
    },
    created,
  );
}

/** An email as the mail catcher's REST API lists it. */
export interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string }[];
  text: string;
  html: string;
}

/** The mails the test stack's catcher has received, or those whose subject mentions `needle`. */
export async function caughtMails(needle?: string): Promise<CaughtMail[]> {
  const api = testServers().KM_TEST_MAIL_API_URL;
  if (!api) throw new Error('KM_TEST_MAIL_API_URL is not set: run integration tests through `npm test`');
  const res = await fetch(`${api}/api/email`);
  const mails = (await res.json()) as CaughtMail[];
  return needle === undefined ? mails : mails.filter((m) => m.subject.includes(needle));
}

/** The raw message as it crossed SMTP, headers included. */
export async function mailSource(mail: CaughtMail): Promise<string> {
  const res = await fetch(`${testServers().KM_TEST_MAIL_API_URL}/api/email/${mail.id}/source`);
  return res.text();
}

export const sentTo = (mails: CaughtMail[], address: string) => mails.filter((m) => m.to.some((t) => t.address === address));

/** The podcast suites' stack (media and the gateway), with media's own database open and the admin signed in. */
export async function startPodcastHarness(
  gateway: Record<string, string>,
): Promise<{ h: Harness; admin: Client; mediaDb: DataSource; stop: () => Promise<void> }> {
  const h = await startHarness({ media: {}, gateway });
  const admin = new Client(h.gateway);
  const mediaDb = await new DataSource({ type: 'postgres', url: h.media!.db.url }).initialize();
  assert.equal((await admin.post('/api/auth/login', ADMIN)).status, 200);
  return {
    h,
    admin,
    mediaDb,
    stop: async () => {
      await mediaDb.destroy();
      await h.stop();
    },
  };
}
