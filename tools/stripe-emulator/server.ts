/**
 * Stripe emulator — DEVELOPMENT AND TESTS ONLY, never deployed. State is in memory; with `journal` (a file, ADR 0073)
 * every change is written down and fsync'd before the answer, so a restart, even after kill -9, forgets nothing
 * Stripe would remember. `POST /_emulator/reset` forgets everything. It speaks Stripe's v1 REST API as the official `stripe`
 * Node SDK sends it (form bodies with bracket keys, Bearer sk_test_ keys, Idempotency-Key,
 * Stripe-Version), serves a Stripe.js v3 stand-in, and delivers webhooks signed as Stripe signs them.
 * Layout (ADR 0031): store.ts keeps the objects, typed as the SDK's; resources/<resource>.ts holds each resource's
 * operations and routes (a new resource is one file there, listed in resources/index.ts); params.ts parses params.
 *
 * Secret key (sk_test_… / rk_test_…; live keys are refused):
 *   customers        POST /v1/customers · GET /v1/customers[?email] · GET|POST|DELETE /v1/customers/:id
 *   payment_intents  POST /v1/payment_intents · GET /v1/payment_intents[?customer] · GET|POST /v1/payment_intents/:id
 *                    POST /v1/payment_intents/:id/confirm · POST /v1/payment_intents/:id/cancel
 *   payment_methods  POST /v1/payment_methods · GET /v1/payment_methods[?customer&type] · GET /v1/payment_methods/:id
 *                    POST /v1/payment_methods/:id/attach · GET /v1/customers/:id/payment_methods
 *   setup_intents    POST /v1/setup_intents · GET /v1/setup_intents[?customer&payment_method] · GET|POST /v1/setup_intents/:id
 *                    POST /v1/setup_intents/:id/confirm (attaches the card) · POST /v1/setup_intents/:id/cancel
 *   charges          GET /v1/charges[?payment_intent&customer] · GET /v1/charges/:id
 *   refunds          POST /v1/refunds (payment_intent or charge, amount, reason, metadata) · GET /v1/refunds[?payment_intent&charge]
 *                    · GET /v1/refunds/:id; pm_card_refundFail's refunds fail later, pm_card_pendingRefund's settle later
 *   disputes         GET /v1/disputes/:id (opened by pm_card_createDispute or POST /_emulator/charges/:id/dispute)
 *   products         POST /v1/products · GET /v1/products · GET|POST /v1/products/:id
 *   prices           POST /v1/prices · GET /v1/prices[?lookup_keys[]&product&active&type] · GET|POST /v1/prices/:id
 *   subscriptions    POST /v1/subscriptions · GET /v1/subscriptions · GET|POST|DELETE /v1/subscriptions/:id
 *   invoices         GET /v1/invoices · GET /v1/invoices/:id · POST /v1/invoices/:id/pay · GET /v1/invoice_payments[?invoice] · GET /v1/invoice_payments/:id
 *   test clocks      POST|GET /v1/test_helpers/test_clocks · GET|DELETE /v1/test_helpers/test_clocks/:id · POST …/:id/advance
 *                    (customers created with test_clock=…: renewals, failed renewals → past_due, cancel at period end,
 *                    incomplete → incomplete_expired after 23 h; at most two intervals per advance, as on Stripe)
 *   events           GET /v1/events · GET /v1/events/:id
 *   webhook_endpoints POST|GET /v1/webhook_endpoints · DELETE /v1/webhook_endpoints/:id (each gets its own whsec_)
 *   Connect (ADR 0047) POST|GET /v1/accounts (express) · GET|POST /v1/accounts/:id · POST /v1/account_links (opens the
 *                    onboarding page GET|POST /setup/e/:account/:token; account.updated events carry `account`)
 *                    · POST|GET /v1/transfers · GET /v1/transfers/:id · POST|GET /v1/transfers/:id/reversals · GET /v1/balance
 * Publishable key (pk_test_…, what Stripe.js uses; CORS for any localhost origin):
 *   GET /v1/payment_intents/:id?client_secret · POST /v1/payment_intents/:id/confirm (client_secret + card)
 *   GET /v1/setup_intents/:id?client_secret · POST /v1/setup_intents/:id/confirm (Stripe.js confirmSetup)
 *   POST /v1/payment_methods · POST /v1/tokens
 * Browser:   GET /v3/ — Stripe.js v3 stand-in (window.Stripe, Elements, Payment/Card Element with a test card form)
 *            GET /    — self-test page
 * Emulator:  GET /_emulator/health · GET /_emulator/events[?type] (events + delivery attempts)
 *            POST /_emulator/events/:id/resend · POST /_emulator/reset · POST /_emulator/demo_payment_intent (self-test page)
 *            POST /_emulator/balance?amount=N[&currency] (test funds on the platform balance; negative takes them away)
 *            GET /_emulator/transfers[?idempotency_key] (transfers created per Idempotency-Key)
 *            POST /_emulator/accounts/:id/restrict (Stripe restricts a connected account later)
 *            POST /_emulator/accounts?count=N (N ≤ 1000 express accounts already verified, for benches; no events)
 *
 * Cards: 4242 4242 4242 4242 (and Stripe's other success cards) succeed; 4000 0000 0000 0002 is declined
 * (generic_decline), 0341 attaches but every charge is declined (pm_card_chargeCustomerFail), 9995 insufficient_funds, 9987 lost_card, 0069 expired_card, 0127 incorrect_cvc, 0119
 * processing_error; any other valid number is declined as a live card. Server side, use Stripe's test ids
 * (pm_card_visa, pm_card_chargeDeclined, …): raw card numbers with a secret key are refused, as on Stripe.
 * API versions: objects are shown as the request's Stripe-Version expects; since 2025-03-31.basil an
 * invoice has no payment_intent (expand latest_invoice.confirmation_secret / latest_invoice.payments).
 * Not emulated (clear 400 errors): 3-D Secure/next actions, manual capture, trials, price_data,
 * send_invoice, non-card payment methods, renewals and expiry without a test clock (real time does not move them).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import qs from 'qs';
import { invalid, newId, type Params, StripeError } from './params';
import { present, renderEvent } from './present';
import { ROUTES } from './resources';
import { onboardingPage, restrictAccount, seedVerifiedAccounts, submitOnboarding } from './resources/accounts';
import { openDispute } from './resources/disputes';
import { createPaymentIntent } from './resources/payment-intents';
import { retrieveBalance, transfersPerKey } from './resources/transfers';
import { webhookTargets } from './resources/webhook-endpoints';
import { Journal, type StoredAnswer } from './journal';
import { type Ctx, DEFAULT_API_VERSION, type EventRecord, StripeState } from './store';
import { DEFAULT_RETRY, type Delivery, type Endpoint, type RetryOptions, WebhookDispatcher } from './webhooks';

export interface StripeEmulatorOptions {
  port?: number;
  host?: string;
  /** Endpoints that receive every event (more can be added with POST /v1/webhook_endpoints). */
  webhookUrls?: string[];
  /** `whsec_…` the configured endpoints verify with. */
  webhookSecret?: string;
  /** More endpoints, each with its own secret (Stripe allows several, e.g. one per service); they receive every event. */
  webhookEndpoints?: { url: string; secret: string }[];
  /**
   * The event types a configured URL (of `webhookUrls` or `webhookEndpoints`) receives, like a Dashboard endpoint's
   * `enabled_events`; a URL not listed here receives every event, like `stripe listen`.
   */
  webhookEvents?: Record<string, string[]>;
  /** Version events are rendered in, and the default for requests without Stripe-Version. */
  apiVersion?: string;
  retry?: Partial<RetryOptions>;
  /** How long "some time later" is for outcomes Stripe reports later (a pm_card_refundFail refund failing); default 50 ms. */
  asyncDelayMs?: number;
  /**
   * A file the state is kept in (ADR 0073): read back at start, and every change appended and fsync'd before the
   * answer. Without it the state is in memory only.
   */
  journal?: string;
  log?: (line: string) => void;
}
export interface StripeEmulator {
  /** e.g. http://127.0.0.1:12111 */
  url: string;
  port: number;
  state: StripeState;
  reset(): void;
  close(): Promise<void>;
}

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";
const PUBLISHABLE_NOT_ALLOWED =
  'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.';
const authError = (message: string) => new StripeError(401, { type: 'invalid_request_error', message });

/** Stripe.js sends its publishable key as the `key` param (a CORS "simple" request); SDKs use Bearer (or Basic). */
function authenticate(req: http.IncomingMessage, p: Params): Ctx['mode'] {
  const [scheme, value = ''] = (req.headers.authorization ?? '').split(' ');
  let key: string | undefined;
  if (/^bearer$/i.test(scheme)) key = value.trim();
  else if (/^basic$/i.test(scheme)) key = Buffer.from(value, 'base64').toString().split(':')[0];
  else if (typeof p.key === 'string' && p.key.startsWith('pk_')) key = p.key;
  if (!key) throw authError(NO_KEY);
  if (/^(sk|rk)_test_\w+$/.test(key)) return 'secret';
  if (/^pk_test_\w+$/.test(key)) return 'publishable';
  // Live keys are refused: nothing real may ever be pointed at this emulator.
  const prefix = key.match(/^[a-z]+_[a-z]+_/)?.[0] ?? '';
  throw authError(`Invalid API Key provided: ${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`);
}

/** Any localhost origin (the app runs on http://localhost:3000 / 3900). */
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Stripe keeps idempotency keys for 24 hours; the SDK sends one with every POST, so old ones must go. */
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

export async function startStripeEmulator(options: StripeEmulatorOptions = {}): Promise<StripeEmulator> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  const apiVersion = options.apiVersion ?? DEFAULT_API_VERSION;
  const webhookUrls = (options.webhookUrls ?? []).filter(Boolean);
  if (webhookUrls.length && !options.webhookSecret?.startsWith('whsec_')) throw new Error('webhookSecret (whsec_…) is required with webhookUrls');
  for (const e of options.webhookEndpoints ?? []) if (!e.secret.startsWith('whsec_')) throw new Error(`webhook endpoint ${e.url} needs a whsec_… secret`);
  const state = new StripeState(apiVersion);
  if (options.asyncDelayMs !== undefined) state.asyncDelayMs = options.asyncDelayMs;
  const dispatcher = new WebhookDispatcher({ ...DEFAULT_RETRY, ...options.retry }, log);
  const opened = options.journal ? await Journal.open(options.journal, state, IDEMPOTENCY_TTL_MS) : undefined;
  const journal = opened?.journal;
  const idempotency = opened?.replayed.idempotency ?? new Map<string, StoredAnswer>();
  if (opened)
    log(
      `journal ${options.journal}: ${opened.replayed.lines} lines read back, ${state.snapshot().entries.length} objects, ${idempotency.size} idempotency keys`,
    );
  /** Answers kept under keys and deliveries settled since the journal last took the state's changes. */
  let keysToWrite: [string, StoredAnswer][] = [];
  let settledToWrite: [string, string, 'delivered' | 'failed'][] = [];
  /** Hands what changed to the journal (written with its next fsync). */
  const commit = () => {
    if (!journal) return;
    journal.append(state.takeChanges(), keysToWrite, settledToWrite);
    keysToWrite = [];
    settledToWrite = [];
  };
  let commitSoon: NodeJS.Immediate | undefined;
  if (journal) {
    state.tracking = true;
    // Changes outside a request (a refund failing later, a test clock advancing) are written on the next turn.
    state.onChange = () => (commitSoon ??= setImmediate(() => ((commitSoon = undefined), commit())));
  }
  const stripeJs = readFileSync(path.join(__dirname, 'stripe-js.js'), 'utf8');
  const selfTest = readFileSync(path.join(__dirname, 'selftest.html'), 'utf8');

  /** Every event goes to the configured URLs and to matching webhook endpoints created through the API. */
  const dispatch = (event: EventRecord, settled?: Map<string, 'delivered' | 'failed'>) => {
    const enabled = (url: string) => {
      const events = options.webhookEvents?.[url];
      return !events || events.includes('*') || events.includes(event.type);
    };
    const targets: Endpoint[] = [
      ...webhookUrls.filter(enabled).map((url) => ({ url, secret: options.webhookSecret!, apiVersion })),
      ...(options.webhookEndpoints ?? []).filter(({ url }) => enabled(url)).map(({ url, secret }) => ({ url, secret, apiVersion })),
      ...webhookTargets(state)
        .filter((we) => we.enabledEvents.includes('*') || we.enabledEvents.includes(event.type))
        .map((we) => ({ url: we.url, secret: we.secret, apiVersion: we.apiVersion ?? apiVersion })),
    ];
    for (const target of targets) {
      const outcome = settled?.get(target.url);
      if (outcome) {
        event._deliveries.push({ url: target.url, state: outcome, attempts: [] });
        continue;
      }
      const delivery: Delivery = { url: target.url, state: 'pending', attempts: [] };
      event._deliveries.push(delivery);
      event.pending_webhooks++;
      dispatcher.deliver(
        delivery,
        target,
        () => JSON.stringify(renderEvent(event, target.apiVersion), null, 2),
        () => {
          event.pending_webhooks--;
          if (journal && delivery.state !== 'pending') {
            settledToWrite.push([event.id, delivery.url, delivery.state]);
            commit();
          }
        },
      );
    }
  };
  state.onEvent = (event) => dispatch(event);
  // Deliveries the journal does not show settled are made again (at least once, as Stripe delivers).
  if (opened) for (const event of state.events()) dispatch(event, opened.replayed.settled.get(event.id) ?? new Map());

  const reset = () => {
    dispatcher.cancelAll();
    state.reset();
    idempotency.clear();
  };

  const server = http.createServer(async (req, res) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://emulator');
    const origin = req.headers.origin;
    const send = (status: number, body: string, type = 'application/json', headers: Record<string, string> = {}) => {
      // Nothing is answered before what it shows is on disk (ADR 0073): this request's changes and everything before them.
      commit();
      if (!journal) return answer(status, body, type, headers);
      journal.durable().then(
        () => answer(status, body, type, headers),
        (e: Error) => {
          log(`journal: ${e.message}`);
          answer(500, JSON.stringify({ error: { type: 'api_error', message: `Stripe emulator: ${e.message}` } }), 'application/json', {});
        },
      );
    };
    const answer = (status: number, body: string, type: string, headers: Record<string, string>) => {
      res.writeHead(status, {
        'Content-Type': type,
        'Cache-Control': 'no-cache, no-store',
        ...(origin &&
          LOCAL_ORIGIN.test(origin) && {
            'Access-Control-Allow-Origin': origin,
            Vary: 'Origin',
            'Access-Control-Expose-Headers': 'Request-Id, Stripe-Version, Idempotent-Replayed',
          }),
        ...headers,
      });
      res.end(body);
      if (url.pathname.startsWith('/v1/')) log(`${req.method} ${url.pathname} ${status} ${Date.now() - started} ms`);
    };
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      send(status, JSON.stringify(body, null, 2), 'application/json', headers);

    try {
      if (req.method === 'OPTIONS') {
        return send(204, '', 'text/plain', {
          'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
          'Access-Control-Max-Age': '600',
        });
      }
      if (req.method === 'GET' && (url.pathname === '/v3' || url.pathname === '/v3/')) return send(200, stripeJs, 'application/javascript; charset=utf-8');
      if (req.method === 'GET' && url.pathname === '/') return send(200, selfTest, 'text/html; charset=utf-8');
      if (url.pathname.startsWith('/_emulator/')) return handleEmulator(req, url, json);
      const onboarding = /^\/setup\/e\/([^/]+)\/([^/]+)$/.exec(url.pathname);
      if (onboarding && (req.method === 'GET' || req.method === 'POST')) {
        const [accountId, token] = [decodeURIComponent(onboarding[1]), decodeURIComponent(onboarding[2])];
        const answer =
          req.method === 'GET'
            ? onboardingPage(state, accountId, token)
            : submitOnboarding(state, accountId, token, Object.fromEntries(new URLSearchParams(await readBody(req))));
        return 'redirect' in answer ? send(303, '', 'text/plain', { Location: answer.redirect }) : send(answer.status, answer.html, 'text/html; charset=utf-8');
      }
      if (!url.pathname.startsWith('/v1/')) return send(404, 'Not found', 'text/plain');
      await handleApi(req, url, json);
    } catch (e) {
      log(`internal error on ${req.method} ${url.pathname}: ${(e as Error).stack}`);
      if (!res.headersSent) json(500, { error: { type: 'api_error', message: `Stripe emulator internal error: ${(e as Error).message}` } });
    }
  });

  async function handleApi(req: http.IncomingMessage, url: URL, json: (status: number, body: unknown, headers?: Record<string, string>) => void) {
    const requestId = newId('req', 14);
    const method = req.method ?? 'GET';
    let version = apiVersion;
    const headers = (): Record<string, string> => ({ 'Request-Id': requestId, 'Stripe-Version': version });
    const fail = (e: StripeError) => json(e.status, { error: e.error }, headers());
    try {
      const raw = await readBody(req);
      const type = String(req.headers['content-type'] ?? '');
      if (raw && !type.startsWith('application/x-www-form-urlencoded')) {
        throw invalid(`Invalid request: unsupported Content-Type ${type}. The Stripe API takes form-encoded bodies (application/x-www-form-urlencoded).`);
      }
      const p: Params = { ...parse(url.search.slice(1)), ...parse(raw) };
      const mode = authenticate(req, p);
      const requested = req.headers['stripe-version'];
      if (typeof requested === 'string') {
        if (!/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(requested)) throw invalid(`Invalid Stripe API version: ${requested}`, undefined, 'api_version_invalid');
        version = requested;
      }
      const match = ROUTES.map((r) => ({ r, m: r.method === method ? r.pattern.exec(url.pathname) : null })).find((x) => x.m);
      if (!match) {
        throw new StripeError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        });
      }
      if (mode === 'publishable' && !match.r.publishable) throw authError(PUBLISHABLE_NOT_ALLOWED);

      // Idempotency-Key (POST only, as on Stripe): same key + same params replays the stored answer.
      const key = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
      const fingerprint = JSON.stringify(sortKeys(p));
      for (const [k, v] of idempotency) {
        if (Date.now() - v.at < IDEMPOTENCY_TTL_MS) break; // insertion order = age order
        idempotency.delete(k);
      }
      const stored = key ? idempotency.get(key) : undefined;
      if (key && key.length > 255) throw invalid('Idempotency keys can be at most 255 characters long.', 'Idempotency-Key');
      if (stored) {
        if (stored.method !== method || stored.path !== url.pathname) {
          throw new StripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.method} ${stored.path}' vs '${method} ${url.pathname}'). Try using a key other than '${key}' if you meant to execute a different request.`,
          });
        }
        if (stored.fingerprint !== fingerprint) {
          throw new StripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          });
        }
        return void json(stored.status, JSON.parse(stored.body), {
          ...headers(),
          'Idempotency-Key': key!,
          'Idempotent-Replayed': 'true',
          'Original-Request': stored.requestId,
        });
      }

      const ctx: Ctx = { version, mode, requestId, idempotencyKey: key, origin: `http://${req.headers.host ?? `${host}:${port}`}` };
      const remember = (status: number, body: unknown) => {
        if (!key) return;
        const stored: StoredAnswer = { method, path: url.pathname, fingerprint, status, body: JSON.stringify(body), requestId, at: Date.now() };
        idempotency.set(key, stored);
        if (journal) keysToWrite.push([key, stored]);
      };
      const { expand, ...params } = p;
      if (mode === 'publishable') delete params.key;
      try {
        // A GET changes nothing: what it reads is not written to the journal again.
        state.readOnly = method === 'GET';
        const result = match.r.handler(state, params, ctx, decodeURIComponent(match.m![1] ?? ''));
        state.readOnly = true;
        const body = present(state, result, ctx, expand);
        state.readOnly = false;
        remember(200, body);
        json(200, body, { ...headers(), ...(key && { 'Idempotency-Key': key }) });
      } catch (e) {
        state.readOnly = false;
        // Errors after side effects (a declined charge) are replayed like successes; validation errors are not stored.
        if (e instanceof StripeError && e.replayable) remember(e.status, { error: e.error });
        throw e;
      }
    } catch (e) {
      if (e instanceof StripeError) return fail(e);
      throw e;
    }
  }

  async function handleEmulator(req: http.IncomingMessage, url: URL, json: (status: number, body: unknown) => void) {
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /_emulator/health')
      return json(200, { status: 'ok', apiVersion, webhookUrls: [...webhookUrls, ...(options.webhookEndpoints ?? []).map((e) => e.url)] });
    if (route === 'POST /_emulator/reset') return (reset(), json(200, { reset: true }));
    if (route === 'GET /_emulator/events') {
      const type = url.searchParams.get('type');
      const events = state.events().filter((e) => !type || e.type === type);
      return json(200, { data: events.map((e) => ({ ...renderEvent(e, e.api_version), deliveries: e._deliveries })) });
    }
    const resend = /^POST \/_emulator\/events\/([^/]+)\/resend$/.exec(route);
    if (resend) {
      const event = state.events().find((e) => e.id === resend[1]);
      if (!event) return json(404, { error: { type: 'invalid_request_error', message: `No such event: '${resend[1]}'` } });
      dispatch(event);
      return json(200, { id: event.id, deliveries: event._deliveries });
    }
    if (route === 'POST /_emulator/balance') {
      const amount = Number(url.searchParams.get('amount'));
      const cur = (url.searchParams.get('currency') ?? 'usd').toLowerCase();
      if (!Number.isInteger(amount)) return json(400, { error: { type: 'invalid_request_error', message: 'amount must be an integer (cents).' } });
      state.balanceAdjustments[cur] = (state.balanceAdjustments[cur] ?? 0) + amount;
      return json(200, retrieveBalance(state));
    }
    if (route === 'GET /_emulator/transfers') return json(200, transfersPerKey(state, url.searchParams.get('idempotency_key')));
    if (route === 'POST /_emulator/accounts') {
      try {
        return json(200, { object: 'list', data: seedVerifiedAccounts(state, Number(url.searchParams.get('count'))) });
      } catch (e) {
        if (e instanceof StripeError) return json(e.status, { error: e.error });
        throw e;
      }
    }
    const restrict = /^POST \/_emulator\/accounts\/([^/]+)\/restrict$/.exec(route);
    if (restrict) {
      const ctx: Ctx = { version: apiVersion, mode: 'secret', requestId: newId('req', 14) };
      try {
        return json(200, present(state, restrictAccount(state, decodeURIComponent(restrict[1])), ctx, undefined));
      } catch (e) {
        if (e instanceof StripeError) return json(e.status, { error: e.error });
        throw e;
      }
    }
    // Not a Stripe URL: Stripe opens disputes only from test cards at payment time; this opens one on any charge later.
    const dispute = /^POST \/_emulator\/charges\/([^/]+)\/dispute$/.exec(route);
    if (dispute) {
      const ctx: Ctx = { version: apiVersion, mode: 'secret', requestId: newId('req', 14) };
      try {
        return json(
          200,
          present(state, openDispute(state, decodeURIComponent(dispute[1]), { reason: url.searchParams.get('reason') ?? undefined }, ctx), ctx, undefined),
        );
      } catch (e) {
        if (e instanceof StripeError) return json(e.status, { error: e.error });
        throw e;
      }
    }
    if (route === 'POST /_emulator/demo_payment_intent') {
      // For the self-test page only: what a merchant server would do with its secret key.
      const amount = Number(url.searchParams.get('amount') ?? 1999);
      const ctx: Ctx = { version: apiVersion, mode: 'secret', requestId: newId('req', 14) };
      try {
        const pi = createPaymentIntent(state, { amount: String(amount), currency: 'usd', metadata: { source: 'emulator self-test' } }, ctx);
        return json(200, { id: pi.id, client_secret: pi.client_secret });
      } catch (e) {
        if (e instanceof StripeError) return json(e.status, { error: e.error });
        throw e;
      }
    }
    json(404, { error: { type: 'invalid_request_error', message: `Unrecognized emulator URL (${route}).` } });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    state,
    reset,
    close: async () => {
      await new Promise<void>((resolve) => {
        dispatcher.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (commitSoon) clearImmediate(commitSoon);
      commit();
      await journal?.close();
    },
  };
}

const parse = (s: string): Params => (s ? (qs.parse(s, { depth: 10, arrayLimit: 100, parameterLimit: 10_000 }) as Params) : {});

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 1_000_000) {
        reject(invalid('Request body too large (the Stripe emulator accepts up to 1 MB).'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys((v as Params)[k])]),
    );
  return v;
}
