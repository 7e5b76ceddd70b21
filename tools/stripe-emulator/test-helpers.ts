// Shared by the emulator's specs: an emulator on a free port, SDK clients pointed at it, and a webhook receiver.
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { startStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from './server';

export const WEBHOOK_SECRET = 'whsec_test_emulator_secret';

/** A fresh journal file (ADR 0073): every spec runs the emulator as the stacks do, writing each change down. */
export const freshJournal = () => path.join(mkdtempSync(path.join(tmpdir(), 'stripe-emulator-')), 'journal.ndjson');

export async function emulator(options: StripeEmulatorOptions = {}): Promise<StripeEmulator> {
  return startStripeEmulator({ port: 0, journal: freshJournal(), ...options });
}

/** The official SDK as our services configure it; no network retries so error tests see the first answer. */
export function sdk(em: StripeEmulator, config: Partial<Stripe.StripeConfig> = {}): Stripe {
  return new Stripe('sk_test_emulator', { host: '127.0.0.1', port: em.port, protocol: 'http', maxNetworkRetries: 0, ...config });
}

export interface Received {
  raw: string;
  signature: string;
  at: number;
}
/** A local endpoint that records raw bodies; `answer` decides the status of each request (default 200). */
export async function receiver(answer: (n: number, body: string) => number | 'hang' = () => 200) {
  const received: Received[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const status = answer(++n, raw);
      if (status === 'hang') return; // never answers
      received.push({ raw, signature: String(req.headers['stripe-signature']), at: Date.now() });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    received,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

export async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A raw request, to check what the SDK would hide (status, headers, the exact error JSON). */
export async function raw(em: StripeEmulator, method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const res = await fetch(em.url + path, {
    method,
    headers: { Authorization: 'Bearer sk_test_emulator', ...(body !== undefined && { 'Content-Type': 'application/x-www-form-urlencoded' }), ...headers },
    body,
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as any };
}

/** The membership's price: $5.00 a month. */
export async function fiveDollarsMonthly(stripe: Stripe): Promise<Stripe.Price> {
  const product = await stripe.products.create({ name: 'Marketshare membership' });
  return stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 500, recurring: { interval: 'month' } });
}

/** A clock at `frozenTime`, a customer on it and an active subscription whose first invoice was paid with `pm_card_visa`. */
export async function activeOnClock(stripe: Stripe, frozenTime: number) {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: frozenTime, name: 'membership' });
  const customer = await stripe.customers.create({ email: 'clock@example.com', test_clock: clock.id });
  const sub = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: (await fiveDollarsMonthly(stripe)).id }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    expand: ['latest_invoice.confirmation_secret'],
  });
  const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
  await stripe.paymentIntents.confirm(secret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
  return { clock, customer, sub: await stripe.subscriptions.retrieve(sub.id) };
}

/**
 * One emulator with one webhook receiver for a whole spec file, started before its tests and closed after them. `options`
 * gets the receiver's URL (the default: every event to it, signed with WEBHOOK_SECRET). Read `em`, `stripe` and `hook`
 * inside tests, once the file's beforeAll has run.
 */
export function emulatorWithReceiver(options: (hookUrl: string) => StripeEmulatorOptions = (url) => ({ webhookUrls: [url], webhookSecret: WEBHOOK_SECRET })) {
  const ctx = {} as { em: StripeEmulator; stripe: Stripe; hook: Awaited<ReturnType<typeof receiver>> };
  beforeAll(async () => {
    ctx.hook = await receiver();
    ctx.em = await emulator(options(ctx.hook.url));
    ctx.stripe = sdk(ctx.em);
  });
  afterAll(async () => {
    await ctx.em.close();
    await ctx.hook.close();
  });
  return ctx;
}
