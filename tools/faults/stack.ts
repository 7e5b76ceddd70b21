import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { heldFile } from '../stack/processes';
import { faultStack } from './config';

export const stack = faultStack();

/**
 * The suite's note (per scenario the load, the faults injected, the counts checked): printed, and kept in
 * the run's reports folder, which `npm test` prints at the end (a forced exit can cut the last file's console output).
 */
export function note(scenario: string, text: string): void {
  console.log(`[${scenario}] ${text}`);
  appendFileSync(stack.notePath, `[${scenario}] ${text}\n`);
}

/**
 * The pid the stack's ProcessGroup recorded for a process (`orders`, `redis`, …); it changes when the supervisor
 * restarts it. `pidFile`: another group's (a scenario's own processes).
 */
export function pidOf(name: string, pidFile = stack.pidFile): number {
  const line = readFileSync(pidFile, 'utf8')
    .split('\n')
    .find((l) => l.split(' ')[1] === name);
  if (!line) throw new Error(`the fault stack has no process named ${name} (see ${pidFile})`);
  return Number(line.split(' ')[0]);
}

/** Keeps the supervisor from restarting `name` until {@link release} (as a StatefulSet scaled to 0, then back to 1). */
export function hold(name: string): void {
  mkdirSync(path.dirname(heldFile(stack.pidFile, name)), { recursive: true });
  writeFileSync(heldFile(stack.pidFile, name), '');
}
export function release(name: string): void {
  rmSync(heldFile(stack.pidFile, name), { force: true });
}

export async function waitUntil(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await probe().catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

/**
 * Waits until every order has its confirmation email in the mail catcher, then `graceMs` more for a duplicate to
 * show, and answers how many distinct emails each order got (an email is one Message-ID: SMTP is at-least-once, so a
 * message resent under the same Message-ID is shown once by mail clients) and the deliveries in all.
 */
export async function orderConfirmations(numbers: string[], timeoutMs: number, graceMs: number): Promise<{ perOrder: number[]; deliveries: number }> {
  let deliveries = 0;
  const count = async () => {
    const mails = (await (await fetch(`${stack.mailApiUrl}/api/email`)).json()) as { subject: string; headers?: Record<string, string> }[];
    const perOrder = numbers.map((n) => mails.filter((m) => m.subject === `Order ${n} confirmed - Kingdom Marketplace`));
    deliveries = perOrder.reduce((a, m) => a + m.length, 0);
    // a mail without a Message-ID counts on its own, so it can never hide a duplicate
    return perOrder.map((m) => new Set(m.map((mail, i) => mail.headers?.['message-id'] ?? `no Message-ID ${i}`)).size);
  };
  await waitUntil('every paid order’s confirmation email arrived', async () => (await count()).every((n) => n >= 1), timeoutMs);
  await new Promise((r) => setTimeout(r, graceMs));
  const perOrder = await count();
  return { perOrder, deliveries };
}

export const ready = async (service: string): Promise<number | 'no answer'> => {
  try {
    return (await fetch(`http://127.0.0.1:${stack.servicePorts[service]}/ready`, { signal: AbortSignal.timeout(5000) })).status;
  } catch {
    return 'no answer';
  }
};

export interface Answer {
  status: number;
  body: any;
  ms: number;
}

/**
 * A browser-like client of the gateway: keeps the session cookie, sends the page's Origin on writes. Given several
 * gateways (replicas, ADR 0075) it sends its requests to each in turn, as a load balancer in front of them would.
 */
export class Session {
  /** Cookies by name: the session, and during a Marketshare signup the browser's signup cookie (ADR 0026). */
  private readonly cookies = new Map<string, string>();
  private sent = 0;

  constructor(private readonly gateways: string[] = [stack.gatewayUrl]) {}

  private get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The cookies as a `Cookie` header value ('' signed out), for a client that sends it itself. */
  get cookieHeader(): string {
    return this.cookie;
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    init: { timeoutMs?: number; headers?: Record<string, string>; raw?: string } = {},
  ): Promise<Answer> {
    const started = Date.now();
    const headers: Record<string, string> = { origin: new URL(stack.gatewayUrl).origin, ...init.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let payload: string | undefined = init.raw;
    if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.gateways[this.sent++ % this.gateways.length]}${path}`, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(init.timeoutMs ?? 20_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      if (at === pair.length - 1) this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: kept as text */
    }
    return { status: res.status, body: parsed, ms: Date.now() - started };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body);
}

export async function signedInAdmin(): Promise<Session> {
  const admin = new Session();
  const res = await admin.post('/api/auth/login', stack.admin);
  if (res.status !== 200) throw new Error(`admin sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
  return admin;
}

/** A staff user with only the prayer-team role (ADR 0043), made by the admin; the session is theirs. */
export async function signedInPrayerTeam(admin: Session): Promise<Session> {
  const username = `intercessor_${randomUUID().slice(0, 8)}`;
  const made = await admin.post('/api/auth/register', { username, password: 'prayer-team-pw-1', roles: ['prayer_team'] });
  if (made.status !== 201) throw new Error(`registering a prayer-team user answered ${made.status}: ${JSON.stringify(made.body)}`);
  const team = new Session();
  const res = await team.post('/api/auth/login', { username, password: 'prayer-team-pw-1' });
  if (res.status !== 200) throw new Error(`prayer-team sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
  return team;
}

export async function stripe(method: string, path: string, form: Record<string, string> = {}): Promise<any> {
  const res = await fetch(`${stack.stripeApi}${path}`, {
    method,
    headers: { authorization: `Bearer ${stack.stripeSecretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: method === 'GET' ? undefined : new URLSearchParams(form).toString(),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`Stripe emulator ${method} ${path} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Joins Marketshare as the page does (membership payment confirmed with a test card); the session is the member's. */
export async function signedInMember(): Promise<Session> {
  const member = new Session();
  const who = { firstName: 'Lydia', lastName: 'Thyatira', email: `fault-${randomUUID().slice(0, 8)}@example.com`, phone: '555-0199' };
  const payment = await member.post('/api/create-membership-payment', who);
  if (payment.status !== 200) throw new Error(`create-membership-payment answered ${payment.status}: ${JSON.stringify(payment.body)}`);
  await stripe('POST', `/v1/payment_intents/${payment.body.clientSecret.split('_secret_')[0]}/confirm`, { payment_method: 'pm_card_visa' });
  const joined = await member.post('/api/memberships', { ...who, subscriptionId: payment.body.subscriptionId, customerId: payment.body.customerId });
  if (joined.status !== 201) throw new Error(`joining answered ${joined.status}: ${JSON.stringify(joined.body)}`);
  const me = await member.get('/api/auth/me');
  if (!me.body?.user?.memberId) throw new Error(`the new member's session has no memberId: ${JSON.stringify(me.body)}`);
  return member;
}

/**
 * Membership's database (as Postgres's superuser) and a signed-in admin for a payout scenario's file: opened before its
 * tests, closed after them. Read `db` and `admin` inside tests.
 */
export function membershipAndAdmin(): { db: Client; admin: Session } {
  const ctx = {} as { db: Client; admin: Session };
  beforeAll(async () => {
    ctx.db = new Client({ connectionString: stack.pgAdminUrl.replace(/\/postgres$/, '/membership'), application_name: 'fault-suite' });
    await ctx.db.connect();
    ctx.admin = await signedInAdmin();
  });
  afterAll(async () => {
    await ctx.db.end();
  });
  return ctx;
}
