// The Stripe emulator's resources and state machine. State lives in memory only: this is a
// development/test tool, so a restart (or POST /_emulator/reset) forgets everything.
// Objects are stored in their newest shape; `render` derives the shape an API version expects,
// because the `stripe` SDK pins a version per request (header Stripe-Version).
import { createHash, randomBytes } from 'node:crypto';

/** What stripe@23 pins; used for events and for requests that send no Stripe-Version. */
export const DEFAULT_API_VERSION = '2026-10-28.endive';
/** 2025-03-31.basil removed invoice.payment_intent/subscription/paid, payment_intent.invoice and
 *  subscription.current_period_*; older versions still get those fields. */
const BASIL = '2025-03-31';
export const isBasil = (version: string) => version.slice(0, 10) >= BASIL;
/** 2026-07-29.dahlia added PaymentIntent allowed_payment_method_types; 2026-09-30.endive refuses payment_method_types. */
const hasAllowedTypes = (version: string) => version.slice(0, 10) >= '2026-07-29';
const refusesTypes = (version: string) => version.slice(0, 10) >= '2026-09-30';

export type Params = Record<string, any>;
export type Rec = { id: string; object: string; [key: string]: any };
export interface Ctx {
  version: string;
  mode: 'secret' | 'publishable';
  requestId: string;
  idempotencyKey?: string;
}
export interface ListResult {
  object: 'list';
  data: Rec[];
  has_more: boolean;
  url: string;
}

// ---------------------------------------------------------------- errors

/** An error in Stripe's JSON shape. `replayable` errors happened after side effects (a declined
 *  charge), so an Idempotency-Key must replay them, as Stripe does. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
    readonly replayable = false,
  ) {
    super(String(error.message));
  }
}
const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;
export function invalid(message: string, param?: string, code?: string, status = 400, extra: Record<string, unknown> = {}): StripeError {
  return new StripeError(status, { type: 'invalid_request_error', message, ...(code && { code, doc_url: docUrl(code) }), ...(param && { param }), ...extra });
}
const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
const noSuch = (label: string, id: string, param: string, status: number) => invalid(`No such ${label}: '${id}'`, param, 'resource_missing', status);
function cardError(code: string, message: string, extra: Record<string, unknown> = {}, status = 402, replayable = false): StripeError {
  return new StripeError(status, { type: 'card_error', code, message, doc_url: docUrl(code), ...extra }, replayable);
}

// ---------------------------------------------------------------- params (qs-parsed, so every leaf is a string)

export function allowOnly(p: Params, allowed: readonly string[]) {
  for (const key of Object.keys(p)) {
    if (key === 'expand' || allowed.includes(key)) continue;
    // Stripe's wording, plus what the emulator accepts: a real-but-unemulated param is not a typo.
    throw invalid(`Received unknown parameter: ${key} (the Stripe emulator accepts: ${allowed.join(', ')})`, key, 'parameter_unknown');
  }
}
function str(v: unknown, param: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid(`Invalid string: ${JSON.stringify(v)}`, param);
  return v;
}
/** A nullable string: Stripe reads an empty value (`description=`) as "unset". */
const nstr = (v: unknown, param: string) => (v === '' ? null : str(v, param));
function int(v: unknown, param: string): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^-?\d+$/.test(v))
    throw invalid(`Invalid integer: ${typeof v === 'string' ? v : JSON.stringify(v)}`, param, 'parameter_invalid_integer');
  return Number(v);
}
function bool(v: unknown, param: string): boolean | undefined {
  if (v === undefined) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw invalid(`Invalid boolean: ${String(v)}`, param);
}
function hash(v: unknown, param: string): Params | null | undefined {
  if (v === undefined) return undefined;
  if (v === '') return null;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid('Invalid object', param);
  return v as Params;
}
function array(v: unknown, param: string): any[] | undefined {
  if (v === undefined) return undefined;
  if (v === '') return [];
  if (Array.isArray(v)) return v;
  // qs turns `items[25][price]` into an object once indices pass its array limit.
  if (typeof v === 'object' && v && Object.keys(v).every((k) => /^\d+$/.test(k))) return Object.values(v);
  throw invalid('Invalid array', param);
}
function oneOf<T extends string>(v: unknown, param: string, values: readonly T[]): T | undefined {
  const s = str(v, param);
  if (s !== undefined && !values.includes(s as T)) throw invalid(`Invalid ${param}: must be one of ${values.join(', ')}`, param);
  return s as T | undefined;
}
/** Metadata merges on update; `metadata[k]=` removes k and `metadata=` clears all, as in Stripe. */
function metadata(v: unknown, current: Record<string, string> = {}): Record<string, string> {
  const given = hash(v, 'metadata');
  if (given === undefined) return current;
  if (given === null) return {};
  const next = { ...current };
  for (const [k, val] of Object.entries(given)) {
    if (typeof val !== 'string') throw invalid(`Invalid value for metadata[${k}]: metadata values must be strings.`, `metadata[${k}]`);
    if (k.length > 40) throw invalid(`Metadata keys can have up to 40 characters, but you passed in a key that is ${k.length} characters.`, `metadata[${k}]`);
    if (val.length > 500)
      throw invalid(`Metadata values can have up to 500 characters, but you passed in a value that is ${val.length} characters.`, `metadata[${k}]`);
    if (val === '') delete next[k];
    else next[k] = val;
  }
  if (Object.keys(next).length > 50) throw invalid('You can have at most 50 keys in metadata.', 'metadata');
  return next;
}
function currency(v: unknown, param = 'currency'): string | undefined {
  const s = str(v, param);
  if (s === undefined) return undefined;
  if (!/^[a-zA-Z]{3}$/.test(s)) throw invalid(`Invalid currency: ${s}. Stripe currently supports three-letter ISO currency codes, in lowercase.`, param);
  return s.toLowerCase();
}
function email(v: unknown, param: string): string | null | undefined {
  const s = nstr(v, param);
  if (s && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)) throw invalid(`Invalid email address: ${s}`, param, 'email_invalid');
  return s;
}
const SYMBOL: Record<string, string> = { usd: '$', cad: '$', aud: '$', eur: '€', gbp: '£' };
const MINIMUM: Record<string, number> = { usd: 50, cad: 50, aud: 50, eur: 50, gbp: 30 };
function amount(v: unknown, cur: string): number {
  const n = int(v, 'amount')!;
  const sym = SYMBOL[cur] ?? '';
  if (n < (MINIMUM[cur] ?? 1)) throw invalid(`Amount must be at least ${sym}${((MINIMUM[cur] ?? 1) / 100).toFixed(2)} ${cur}`, 'amount', 'amount_too_small');
  if (n > 99_999_999) throw invalid(`Amount must be no more than ${sym}999,999.99 ${cur}`, 'amount', 'amount_too_large');
  return n;
}

// ---------------------------------------------------------------- test cards (https://docs.stripe.com/testing)

interface Decline {
  code: string;
  decline_code: string;
  message: string;
  param?: string;
}
const DECLINED = 'Your card was declined.';
const decline = (code: string, decline_code: string, message = DECLINED, param?: string): Decline => ({ code, decline_code, message, ...(param && { param }) });
const TEST_CARDS: Record<string, { funding: string; decline?: Decline; dispute?: true }> = {
  '4242424242424242': { funding: 'credit' },
  '4000056655665556': { funding: 'debit' },
  '5555555555554444': { funding: 'credit' },
  '2223003122003222': { funding: 'credit' },
  '5200828282828210': { funding: 'debit' },
  '378282246310005': { funding: 'credit' },
  '371449635398431': { funding: 'credit' },
  '6011111111111117': { funding: 'credit' },
  '5105105105105100': { funding: 'prepaid' },
  '3056930009020004': { funding: 'credit' },
  '3566002020360505': { funding: 'credit' },
  '6200000000000005': { funding: 'debit' },
  '4000000000000002': { funding: 'credit', decline: decline('card_declined', 'generic_decline') },
  '4000000000009995': { funding: 'credit', decline: decline('card_declined', 'insufficient_funds', 'Your card has insufficient funds.') },
  '4000000000009987': { funding: 'credit', decline: decline('card_declined', 'lost_card') },
  '4000000000009979': { funding: 'credit', decline: decline('card_declined', 'stolen_card') },
  '4100000000000019': { funding: 'credit', decline: decline('card_declined', 'fraudulent') },
  '4000000000000069': { funding: 'credit', decline: decline('expired_card', 'expired_card', 'Your card has expired.', 'exp_month') },
  '4000000000000127': { funding: 'credit', decline: decline('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect.", 'cvc') },
  // The charge succeeds, then the cardholder disputes it as fraudulent (https://docs.stripe.com/testing#disputes).
  '4000000000000259': { funding: 'credit', dispute: true },
  // Attaches fine, every charge is declined: a renewal that fails (https://docs.stripe.com/testing#declined-payments).
  '4000000000000341': { funding: 'credit', decline: decline('card_declined', 'generic_decline') },
  '4000000000000119': {
    funding: 'credit',
    decline: decline('processing_error', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.'),
  },
};
/** Stripe's test PaymentMethod ids, usable server-side without raw card numbers. */
const PM_TOKENS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_mastercard_debit: '5200828282828210',
  pm_card_mastercard_prepaid: '5105105105105100',
  pm_card_diners: '3056930009020004',
  pm_card_jcb: '3566002020360505',
  pm_card_unionpay: '6200000000000005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedFraudulent: '4100000000000019',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_createDispute: '4000000000000259',
};
const LIVE_CARD = decline(
  'card_declined',
  'test_mode_live_card',
  'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
);
function brandOf(n: string) {
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(n)) return 'mastercard';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(n)) return 'diners';
  if (/^35/.test(n)) return 'jcb';
  if (/^62/.test(n)) return 'unionpay';
  return 'unknown';
}
/**
 * Stripe's `card.fingerprint`: the same card number always gives the same value, different numbers differ (16 letters
 * and digits, as Stripe's). A test card token (pm_card_visa) used twice is one card, so one fingerprint.
 */
function cardFingerprint(number: string) {
  return [...createHash('sha256').update(`km-emulator-card:${number}`).digest()]
    .slice(0, 16)
    .map((b) => ALPHABET[b % 62])
    .join('');
}
function luhn(n: string) {
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

// ---------------------------------------------------------------- expansion rules

/** Fields (dotted paths relative to the object) that hold an id and may be expanded. */
const EXPANDABLE: Record<string, Record<string, true>> = {
  customer: { 'invoice_settings.default_payment_method': true },
  payment_intent: { customer: true, payment_method: true, latest_charge: true, invoice: true },
  payment_method: { customer: true },
  charge: { customer: true, payment_intent: true, invoice: true },
  refund: { charge: true, payment_intent: true },
  dispute: { charge: true, payment_intent: true },
  product: { default_price: true },
  price: { product: true },
  subscription: { customer: true, latest_invoice: true, default_payment_method: true },
  invoice: { customer: true, subscription: true, payment_intent: true, charge: true, 'parent.subscription_details.subscription': true },
  invoice_payment: { invoice: true, 'payment.payment_intent': true, 'payment.charge': true },
};

const now = () => Math.floor(Date.now() / 1000);
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export function newId(prefix: string, length = 24) {
  return `${prefix}_${[...randomBytes(length)].map((b) => ALPHABET[b % 62]).join('')}`;
}
const clone = <T>(v: T): T => structuredClone(v);
const LABEL: Record<string, string> = { payment_method: 'PaymentMethod', 'test_helpers.test_clock': 'test clock' };

/** All objects of one emulated Stripe account. */
export class StripeState {
  private readonly objects = new Map<string, Rec>();
  private seq = 0;
  /** Called for every event, after the API call that caused it has been handled. */
  onEvent: (event: Rec) => void = () => undefined;

  constructor(readonly apiVersion = DEFAULT_API_VERSION) {}

  reset() {
    this.objects.clear();
  }

  // ---------------------------------------------------------------- storage and rendering

  private put(rec: Rec): Rec {
    if (rec._seq === undefined) rec._seq = ++this.seq;
    this.objects.set(rec.id, rec);
    return rec;
  }
  /** Looks an object up; `param`/`status` say how Stripe reports a miss (404 for a path id, 400 for a body param). */
  find(type: string, id: string, param: string, status = 400): Rec {
    const rec = this.objects.get(id);
    if (!rec || rec.object !== type || rec.deleted) throw noSuch(LABEL[type] ?? type, id, param, status);
    return rec;
  }
  events(): Rec[] {
    return [...this.objects.values()].filter((r) => r.object === 'event').sort((a, b) => a._seq - b._seq);
  }
  webhookEndpoints(): Rec[] {
    return [...this.objects.values()].filter((r) => r.object === 'webhook_endpoint' && !r.deleted);
  }

  /** The object as an API version shows it: internal `_fields` dropped, removed fields restored for old versions. */
  render(rec: Rec, version: string, mode: Ctx['mode'] = 'secret'): Rec {
    const out: Rec = {} as Rec;
    for (const [k, v] of Object.entries(rec)) if (!k.startsWith('_')) out[k] = clone(v);
    const legacy = !isBasil(version);
    if (rec.object === 'event') return this.renderEvent(rec, rec.api_version);
    if (rec.object === 'payment_intent') {
      if (legacy) out.invoice = rec._invoice ?? null;
      if (!hasAllowedTypes(version)) delete out.allowed_payment_method_types;
      if (mode === 'publishable') return pick(out, PUBLISHABLE_INTENT_FIELDS);
    }
    if (rec.object === 'charge' && legacy) out.invoice = rec._invoice ?? null;
    if (rec.object === 'invoice' && legacy) {
      delete out.parent;
      Object.assign(out, {
        payment_intent: rec._payment_intent ?? null,
        subscription: rec._subscription ?? null,
        paid: rec.status === 'paid',
        charge: rec._charge ?? null,
      });
    }
    if (rec.object === 'subscription' && legacy) {
      const item = rec.items.data[0];
      Object.assign(out, { current_period_start: item?.current_period_start ?? null, current_period_end: item?.current_period_end ?? null });
    }
    return out;
  }

  /** An event as delivered to an endpoint pinned to `version`: its object rendered in that version. */
  renderEvent(event: Rec, version: string): Rec {
    const out: Rec = {} as Rec;
    for (const [k, v] of Object.entries(event)) if (!k.startsWith('_')) out[k] = clone(v);
    out.api_version = version;
    out.data = { object: this.render(event._snapshot, version), ...(event._previous && { previous_attributes: clone(event._previous) }) };
    return out;
  }

  /** Renders a handler's result and applies `expand[]` the way Stripe does (at most 4 levels). */
  present(result: Rec | ListResult, ctx: Ctx, expand: unknown): Rec | ListResult {
    const out: any =
      result.object === 'list'
        ? { ...result, data: (result as ListResult).data.map((r) => this.render(r, ctx.version, ctx.mode)) }
        : this.render(result as Rec, ctx.version, ctx.mode);
    for (const path of array(expand, 'expand') ?? []) {
      if (typeof path !== 'string') throw invalid('Invalid array', 'expand');
      const segments = path.split('.');
      if (segments.length > 4) throw invalid(`You cannot expand more than 4 levels of a property. Property: ${path}`, 'expand');
      this.expand(out, segments, ctx);
    }
    return out;
  }

  private expand(out: any, path: string[], ctx: Ctx): void {
    if (out?.object === 'list') {
      if (path[0] !== 'data') throw invalid(`This property cannot be expanded (${path[0]}).`, 'expand');
      for (const item of out.data) this.expand(item, path.slice(1), ctx);
      return;
    }
    const includes = INCLUDABLE[out?.object];
    for (let i = path.length; i >= 1; i--) {
      const key = path.slice(0, i).join('.');
      const include = isBasil(ctx.version) ? includes?.[key] : undefined;
      if (!EXPANDABLE[out?.object]?.[key] && !include) continue;
      let holder = out;
      for (const seg of path.slice(0, i - 1)) holder = holder?.[seg];
      const field = path[i - 1];
      if (include) holder[field] = include(this, this.objects.get(out.id)!, ctx);
      else if (!holder || !(field in holder))
        break; // e.g. invoice.payment_intent since 2025-03-31.basil
      else if (typeof holder[field] === 'string') holder[field] = this.render(this.objects.get(holder[field])!, ctx.version, ctx.mode);
      const rest = path.slice(i);
      if (rest.length && holder[field] && typeof holder[field] === 'object') this.expand(holder[field], rest, ctx);
      return;
    }
    if (out && typeof out === 'object' && out[path[0]]?.object === 'list') return this.expand(out[path[0]], path.slice(1), ctx);
    const exists = out && typeof out === 'object' && path[0] in out;
    throw invalid(
      exists ? `This property cannot be expanded (${path[0]}).` : `This property cannot be expanded because it doesn't exist: ${path[0]}.`,
      'expand',
    );
  }

  private list(type: string, p: Params, url: string, filter: (r: Rec) => boolean = () => true): ListResult {
    const limit = int(p.limit, 'limit') ?? 10;
    if (limit < 1 || limit > 100) throw invalid('This value must be between 1 and 100 (it currently is ' + limit + ').', 'limit');
    let items = [...this.objects.values()].filter((r) => r.object === type && !r.deleted && filter(r)).sort((a, b) => b._seq - a._seq);
    const after = str(p.starting_after, 'starting_after');
    if (after) {
      const at = items.findIndex((r) => r.id === after);
      if (at < 0) throw noSuch(LABEL[type] ?? type, after, 'starting_after', 400);
      items = items.slice(at + 1);
    }
    return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
  }

  // ---------------------------------------------------------------- events

  private emit(type: string, rec: Rec, ctx: Ctx | undefined, previous?: Rec) {
    const previous_attributes = previous && diff(previous, rec);
    const event = this.put({
      id: newId('evt'),
      object: 'event',
      api_version: this.apiVersion,
      created: now(),
      livemode: false,
      pending_webhooks: 0,
      request: { id: ctx?.requestId ?? null, idempotency_key: ctx?.idempotencyKey ?? null },
      type,
      _snapshot: clone(rec),
      ...(previous_attributes && { _previous: previous_attributes }),
      _deliveries: [],
    });
    this.onEvent(event);
  }

  // ---------------------------------------------------------------- customers

  createCustomer(p: Params, ctx: Ctx): Rec {
    allowOnly(p, CUSTOMER_PARAMS);
    const c = this.put({
      id: newId('cus', 14),
      object: 'customer',
      address: hash(p.address, 'address') ?? null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: nstr(p.description, 'description') ?? null,
      discount: null,
      email: email(p.email, 'email') ?? null,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: metadata(p.metadata),
      name: nstr(p.name, 'name') ?? null,
      next_invoice_sequence: 1,
      phone: nstr(p.phone, 'phone') ?? null,
      preferred_locales: array(p.preferred_locales, 'preferred_locales') ?? [],
      shipping: hash(p.shipping, 'shipping') ?? null,
      tax_exempt: 'none',
      test_clock: p.test_clock === undefined ? null : this.find('test_helpers.test_clock', str(p.test_clock, 'test_clock')!, 'test_clock').id,
    });
    if (p.payment_method) this.attach(this.paymentMethod(p.payment_method, 'payment_method', ctx), c, ctx, false);
    this.applyInvoiceSettings(c, p, ctx);
    this.emit('customer.created', c, ctx);
    return c;
  }
  updateCustomer(id: string, p: Params, ctx: Ctx): Rec {
    allowOnly(
      p,
      CUSTOMER_PARAMS.filter((k) => k !== 'payment_method' && k !== 'test_clock'),
    );
    const c = this.find('customer', id, 'customer', 404);
    const before = clone(c);
    for (const k of ['description', 'name', 'phone'] as const) if (p[k] !== undefined) c[k] = nstr(p[k], k);
    if (p.email !== undefined) c.email = email(p.email, 'email');
    if (p.address !== undefined) c.address = hash(p.address, 'address');
    if (p.shipping !== undefined) c.shipping = hash(p.shipping, 'shipping');
    if (p.preferred_locales !== undefined) c.preferred_locales = array(p.preferred_locales, 'preferred_locales');
    c.metadata = metadata(p.metadata, c.metadata);
    this.applyInvoiceSettings(c, p, ctx);
    this.emit('customer.updated', c, ctx, before);
    return c;
  }
  private applyInvoiceSettings(c: Rec, p: Params, ctx: Ctx) {
    const settings = hash(p.invoice_settings, 'invoice_settings');
    const pmId = settings && str(settings.default_payment_method, 'invoice_settings[default_payment_method]');
    if (!pmId) return;
    const pm = this.paymentMethod(pmId, 'invoice_settings[default_payment_method]', ctx);
    if (PM_TOKENS[pmId]) this.attach(pm, c, ctx, false); // a test token makes a fresh card, as on Stripe
    if (pm.customer !== c.id)
      throw invalid(
        `No such PaymentMethod: '${pmId}'; It's possible this PaymentMethod exists on one of your connected accounts, or the PaymentMethod is not attached to this customer.`,
        'invoice_settings[default_payment_method]',
        'resource_missing',
      );
    c.invoice_settings.default_payment_method = pm.id;
  }
  deleteCustomer(id: string, ctx: Ctx) {
    const c = this.find('customer', id, 'customer', 404);
    c.deleted = true;
    this.emit('customer.deleted', c, ctx);
    return { id, object: 'customer', deleted: true } as Rec;
  }
  listCustomers(p: Params) {
    allowOnly(p, ['email', 'limit', 'starting_after']);
    const e = str(p.email, 'email');
    return this.list('customer', p, '/v1/customers', (c) => !e || c.email === e);
  }

  // ---------------------------------------------------------------- payment methods and charges

  /** Resolves `pm_card_visa`-style test ids (creating a PaymentMethod, as Stripe does) or an existing pm_ id. */
  paymentMethod(id: unknown, param: string, ctx: Ctx): Rec {
    const s = str(id, param)!;
    if (PM_TOKENS[s])
      return this.createCardMethod({ number: PM_TOKENS[s], exp_month: '12', exp_year: String(new Date().getFullYear() + 3), cvc: '123' }, {}, ctx, param);
    return this.find('payment_method', s, param);
  }
  createPaymentMethod(p: Params, ctx: Ctx): Rec {
    allowOnly(p, ['type', 'card', 'billing_details', 'metadata', 'allow_redisplay', 'key', 'payment_user_agent', 'time_on_page', 'guid', 'muid', 'sid']);
    if (!p.type) throw missing('type');
    if (p.type !== 'card') throw invalid(`The Stripe emulator only emulates card PaymentMethods (type=card), not ${String(p.type)}.`, 'type');
    if (ctx.mode === 'secret' && hash(p.card, 'card')?.number) throw rawCardNumbers();
    return this.createCardMethod(hash(p.card, 'card') ?? {}, hash(p.billing_details, 'billing_details') ?? {}, ctx, 'card', metadata(p.metadata));
  }
  /** From raw card fields, which only Stripe.js (publishable key) may send. Invalid input gets Stripe's card errors. */
  private createCardMethod(card: Params, billing: Params, ctx: Ctx, param: string, meta: Record<string, string> = {}): Rec {
    const number = String(card.number ?? '').replace(/[\s-]/g, '');
    if (!number) throw missing(`${param}[number]`);
    if (!/^\d{12,19}$/.test(number) || !luhn(number)) throw cardError('incorrect_number', 'Your card number is incorrect.', { param: 'number' });
    const month = Number(card.exp_month);
    if (!Number.isInteger(month) || month < 1 || month > 12)
      throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", { param: 'exp_month' });
    let year = Number(card.exp_year);
    if (year < 100) year += 2000;
    const today = new Date();
    if (!Number.isInteger(year) || year < today.getFullYear() || year > today.getFullYear() + 50)
      throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", { param: 'exp_year' });
    if (year === today.getFullYear() && month < today.getMonth() + 1)
      throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", { param: 'exp_month' });
    const cvc = card.cvc === undefined ? undefined : String(card.cvc);
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) throw cardError('invalid_cvc', "Your card's security code is invalid.", { param: 'cvc' });
    const known = TEST_CARDS[number];
    const brand = brandOf(number);
    const address = hash(billing.address, 'billing_details[address]') ?? {};
    return this.put({
      id: newId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: {
        address: {
          city: address.city ?? null,
          country: address.country ?? null,
          line1: address.line1 ?? null,
          line2: address.line2 ?? null,
          postal_code: address.postal_code ?? null,
          state: address.state ?? null,
        },
        email: billing.email || null,
        name: billing.name || null,
        phone: billing.phone || null,
        tax_id: null,
      },
      card: {
        brand,
        checks: { address_line1_check: null, address_postal_code_check: address.postal_code ? 'pass' : null, cvc_check: cvc ? 'pass' : null },
        country: 'US',
        display_brand: brand,
        exp_month: month,
        exp_year: year,
        fingerprint: cardFingerprint(number),
        funding: known?.funding ?? 'credit',
        generated_from: null,
        last4: number.slice(-4),
        networks: { available: [brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: now(),
      customer: null,
      livemode: false,
      metadata: meta,
      type: 'card',
      _decline: known ? (known.decline ?? null) : LIVE_CARD,
      _dispute: known?.dispute ?? false,
    });
  }
  listPaymentMethods(p: Params, customerId?: string) {
    allowOnly(p, customerId ? ['type', 'limit', 'starting_after'] : ['customer', 'type', 'limit', 'starting_after']);
    const customer = customerId ?? str(p.customer, 'customer');
    if (customer) this.find('customer', customer, 'customer', customerId ? 404 : 400);
    const type = str(p.type, 'type');
    return this.list(
      'payment_method',
      p,
      customerId ? `/v1/customers/${customerId}/payment_methods` : '/v1/payment_methods',
      (r) => (!customer || r.customer === customer) && (!type || r.type === type),
    );
  }
  retrievePaymentMethod(id: string) {
    return this.find('payment_method', id, 'payment_method', 404);
  }
  attachPaymentMethod(id: string, p: Params, ctx: Ctx) {
    allowOnly(p, ['customer']);
    // A test token (pm_card_visa) makes a fresh card, as on Stripe.
    const pm = PM_TOKENS[id] ? this.paymentMethod(id, 'payment_method', ctx) : this.find('payment_method', id, 'payment_method', 404);
    if (!p.customer) throw missing('customer');
    return this.attach(pm, this.find('customer', str(p.customer, 'customer')!, 'customer'), ctx);
  }
  private attach(pm: Rec, customer: Rec, ctx: Ctx, emit = true) {
    if (pm.customer === customer.id) return pm;
    if (pm.customer) throw invalid('The payment method you provided has already been attached to a customer.', 'payment_method');
    pm.customer = customer.id;
    if (emit) this.emit('payment_method.attached', pm, ctx);
    return pm;
  }
  retrieveCharge(id: string) {
    return this.find('charge', id, 'id', 404);
  }

  // ---------------------------------------------------------------- refunds and disputes

  /**
   * POST /v1/refunds: refunds a succeeded charge (by `charge` or `payment_intent`, whose latest charge it is), the whole
   * remaining amount unless `amount` says less. Like Stripe, the refund succeeds at once for cards and emits
   * `refund.created` then `charge.refunded` (the charge with its new `amount_refunded`, `refunded` once it is whole).
   */
  createRefund(p: Params, ctx: Ctx): Rec {
    allowOnly(p, ['charge', 'payment_intent', 'amount', 'reason', 'metadata']);
    const chargeId = str(p.charge, 'charge');
    const piId = str(p.payment_intent, 'payment_intent');
    if (!chargeId && !piId)
      throw invalid('One of the following params should be provided for this request: payment_intent or charge.', undefined, 'parameter_missing');
    if (chargeId && piId) throw invalid('You cannot provide both charge and payment_intent.', 'payment_intent');
    let charge: Rec;
    if (piId) {
      const pi = this.find('payment_intent', piId, 'payment_intent');
      if (pi.status !== 'succeeded' || !pi.latest_charge)
        throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
      charge = this.find('charge', pi.latest_charge, 'charge');
    } else charge = this.find('charge', chargeId!, 'charge');
    if (charge.status !== 'succeeded') throw invalid(`Charge ${charge.id} has not succeeded and cannot be refunded.`, 'charge', 'charge_not_refundable');
    if (charge.refunded) throw invalid(`Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
    const left = charge.amount - charge.amount_refunded;
    const amount = p.amount === undefined ? left : int(p.amount, 'amount')!;
    if (amount < 1) throw invalid('Invalid positive integer', 'amount');
    if (amount > left)
      throw invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount',
        'amount_too_large',
      );
    const refund = this.put({
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: metadata(p.metadata),
      payment_intent: charge.payment_intent,
      reason: oneOf(p.reason, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
      receipt_number: null,
      status: 'succeeded',
    });
    const before = clone(charge);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit('refund.created', refund, ctx);
    this.emit('charge.refunded', charge, ctx, before);
    return refund;
  }
  retrieveRefund(id: string) {
    return this.find('refund', id, 'refund', 404);
  }

  /**
   * Opens a dispute on a succeeded charge, as a cardholder's bank does: Stripe makes these only from its test cards
   * (pm_card_createDispute), so the emulator also offers it for any charge at `POST /_emulator/charges/:id/dispute`
   * (a dispute after the fact). Emits `charge.dispute.created`; the charge shows `disputed: true`.
   */
  openDispute(chargeId: string, p: Params, ctx: Ctx): Rec {
    const charge = this.find('charge', chargeId, 'charge', 404);
    if (charge.status !== 'succeeded') throw invalid(`Charge ${charge.id} has not succeeded and cannot be disputed.`, 'charge');
    if (charge.disputed) throw invalid(`Charge ${charge.id} is already disputed.`, 'charge', 'charge_disputed');
    const dispute = this.put({
      id: newId('dp'),
      object: 'dispute',
      amount: charge.amount - charge.amount_refunded,
      balance_transactions: [],
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      evidence_details: { due_by: now() + 7 * 86400, has_evidence: false, past_due: false, submission_count: 0 },
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason:
        oneOf(p.reason, 'reason', ['fraudulent', 'product_not_received', 'duplicate', 'general', 'subscription_canceled', 'unrecognized'] as const) ??
        'fraudulent',
      status: 'needs_response',
    });
    charge.disputed = true;
    this.emit('charge.dispute.created', dispute, ctx);
    return dispute;
  }
  retrieveDispute(id: string) {
    return this.find('dispute', id, 'dispute', 404);
  }

  // ---------------------------------------------------------------- payment intents

  createPaymentIntent(p: Params, ctx: Ctx, internal: Partial<Rec> = {}): Rec {
    allowOnly(p, [...PI_CREATE_PARAMS, ...(hasAllowedTypes(ctx.version) ? ['allowed_payment_method_types'] : [])]);
    if (p.amount === undefined) throw missing('amount');
    if (p.currency === undefined) throw missing('currency');
    const cur = currency(p.currency)!;
    const customerId = str(p.customer, 'customer');
    if (customerId) this.find('customer', customerId, 'customer');
    const { types, allowed, excluded } = paymentMethodTypes(p, ctx);
    const apm = hash(p.automatic_payment_methods, 'automatic_payment_methods');
    const given = [
      apm && 'automatic_payment_methods',
      types && 'payment_method_types',
      allowed && 'allowed_payment_method_types',
      excluded && allowed && 'excluded_payment_method_types',
    ].filter(Boolean);
    if (given.length > 1) throw invalid(`You may only specify one of these parameters: ${given.join(', ')}.`, String(given[0]), 'parameters_exclusive');
    const capture = oneOf(p.capture_method, 'capture_method', ['automatic', 'automatic_async', 'manual'] as const);
    if (capture === 'manual') throw invalid('The Stripe emulator does not emulate capture_method=manual.', 'capture_method');
    const id = newId('pi');
    const pi = {
      id,
      object: 'payment_intent',
      amount: amount(p.amount, cur),
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      allowed_payment_method_types: allowed ?? null,
      // Since 2023-08-16 Stripe turns automatic payment methods on when no types are given.
      automatic_payment_methods:
        types || allowed
          ? null
          : { allow_redirects: apm?.allow_redirects ?? 'always', enabled: apm ? (bool(apm.enabled, 'automatic_payment_methods[enabled]') ?? true) : true },
      canceled_at: null,
      cancellation_reason: null,
      capture_method: capture ?? 'automatic_async',
      client_secret: `${id}_secret_${newId('x', 25).slice(2)}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: cur,
      customer: customerId ?? null,
      description: nstr(p.description, 'description') ?? null,
      excluded_payment_method_types: excluded ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadata(p.metadata),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'], // the only type emulated
      processing: null,
      receipt_email: email(p.receipt_email, 'receipt_email') ?? null,
      review: null,
      setup_future_usage: oneOf(p.setup_future_usage, 'setup_future_usage', ['off_session', 'on_session'] as const) ?? null,
      shipping: hash(p.shipping, 'shipping') ?? null,
      source: null,
      statement_descriptor: nstr(p.statement_descriptor, 'statement_descriptor') ?? null,
      statement_descriptor_suffix: nstr(p.statement_descriptor_suffix, 'statement_descriptor_suffix') ?? null,
      status: 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
      ...internal,
    };
    const confirm = bool(p.confirm, 'confirm');
    const pm = p.payment_method !== undefined ? this.paymentMethod(p.payment_method, 'payment_method', ctx) : undefined;
    this.put(pi);
    if (pm) Object.assign(pi, { payment_method: pm.id, status: confirm ? pi.status : 'requires_confirmation' });
    this.emit('payment_intent.created', pi, ctx);
    return confirm ? this.confirmPaymentIntent(id, { payment_method: pm?.id, ...(p.return_url && { return_url: p.return_url }) }, ctx) : pi;
  }
  /** With a publishable key Stripe only shows an intent to the holder of its client secret. */
  private intentFor(id: string, p: Params, ctx: Ctx): Rec {
    const pi = this.find('payment_intent', id, 'intent', 404);
    if (ctx.mode === 'publishable' && p.client_secret !== pi.client_secret) {
      throw invalid(
        `The client_secret provided does not match any associated PaymentIntent on this account. Ensure the publishable key used belongs to the same account that created the PaymentIntent.`,
        'client_secret',
        'payment_intent_invalid_parameter',
      );
    }
    return pi;
  }
  retrievePaymentIntent(id: string, p: Params, ctx: Ctx) {
    allowOnly(p, ['client_secret', 'key']);
    return this.intentFor(id, p, ctx);
  }
  listPaymentIntents(p: Params) {
    allowOnly(p, ['customer', 'limit', 'starting_after']);
    const customer = str(p.customer, 'customer');
    return this.list('payment_intent', p, '/v1/payment_intents', (r) => !customer || r.customer === customer);
  }
  updatePaymentIntent(id: string, p: Params, ctx: Ctx): Rec {
    allowOnly(p, [
      'amount',
      'currency',
      'customer',
      'description',
      'metadata',
      'payment_method',
      'receipt_email',
      'setup_future_usage',
      'shipping',
      'statement_descriptor',
      'statement_descriptor_suffix',
      'payment_method_types',
      'excluded_payment_method_types',
      ...(hasAllowedTypes(ctx.version) ? ['allowed_payment_method_types'] : []),
    ]);
    const pi = this.find('payment_intent', id, 'intent', 404);
    const { allowed, excluded } = paymentMethodTypes(p, ctx);
    if (allowed) pi.allowed_payment_method_types = allowed;
    if (excluded) pi.excluded_payment_method_types = excluded;
    const editable = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
    for (const field of ['amount', 'currency', 'payment_method', 'setup_future_usage', 'customer']) {
      if (p[field] !== undefined && !editable.includes(pi.status)) {
        throw invalid(
          `This PaymentIntent's ${field} could not be updated because it has a status of ${pi.status}. You may only update the ${field} of a PaymentIntent with one of the following statuses: ${editable.join(', ')}.`,
          field,
          'payment_intent_unexpected_state',
        );
      }
    }
    if (pi._invoice && (p.amount !== undefined || p.currency !== undefined))
      throw invalid('You cannot update the amount or currency of a PaymentIntent created by an invoice.', 'amount');
    const cur = currency(p.currency) ?? pi.currency;
    if (p.amount !== undefined || p.currency !== undefined) Object.assign(pi, { currency: cur, amount: amount(p.amount ?? String(pi.amount), cur) });
    if (p.customer !== undefined) pi.customer = this.find('customer', str(p.customer, 'customer')!, 'customer').id;
    if (p.payment_method !== undefined)
      Object.assign(pi, { payment_method: this.paymentMethod(p.payment_method, 'payment_method', ctx).id, status: 'requires_confirmation' });
    for (const k of ['description', 'statement_descriptor', 'statement_descriptor_suffix'] as const) if (p[k] !== undefined) pi[k] = nstr(p[k], k);
    if (p.receipt_email !== undefined) pi.receipt_email = email(p.receipt_email, 'receipt_email');
    if (p.setup_future_usage !== undefined)
      pi.setup_future_usage = p.setup_future_usage === '' ? null : oneOf(p.setup_future_usage, 'setup_future_usage', ['off_session', 'on_session'] as const);
    if (p.shipping !== undefined) pi.shipping = hash(p.shipping, 'shipping');
    pi.metadata = metadata(p.metadata, pi.metadata);
    return pi;
  }
  confirmPaymentIntent(id: string, p: Params, ctx: Ctx): Rec {
    allowOnly(p, [...PI_CONFIRM_PARAMS, ...(hasAllowedTypes(ctx.version) ? ['allowed_payment_method_types'] : [])]);
    paymentMethodTypes(p, ctx);
    const pi = this.intentFor(id, p, ctx);
    const confirmable = ['requires_payment_method', 'requires_confirmation'];
    if (!confirmable.includes(pi.status)) {
      throw invalid(
        `You cannot confirm this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${[...confirmable].reverse().join(', ')}.`,
        undefined,
        'payment_intent_unexpected_state',
        400,
        { payment_intent: this.render(pi, ctx.version, ctx.mode) },
      );
    }
    let pm: Rec | undefined;
    const data = hash(p.payment_method_data, 'payment_method_data');
    if (p.payment_method !== undefined) pm = this.paymentMethod(p.payment_method, 'payment_method', ctx);
    else if (data) {
      if (data.type !== 'card') throw invalid('The Stripe emulator only emulates card payments (payment_method_data[type]=card).', 'payment_method_data[type]');
      const card = hash(data.card, 'payment_method_data[card]') ?? {};
      if (ctx.mode === 'secret' && card.number) throw rawCardNumbers();
      pm = this.createCardMethod(card, hash(data.billing_details, 'payment_method_data[billing_details]') ?? {}, ctx, 'payment_method_data[card]');
    } else if (pi.payment_method) pm = this.find('payment_method', pi.payment_method, 'payment_method');
    if (!pm) {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    if (p.receipt_email !== undefined) pi.receipt_email = email(p.receipt_email, 'receipt_email');
    if (p.shipping !== undefined) pi.shipping = hash(p.shipping, 'shipping');
    if (p.setup_future_usage !== undefined)
      pi.setup_future_usage = oneOf(p.setup_future_usage, 'setup_future_usage', ['off_session', 'on_session'] as const) ?? null;
    return this.charge(pi, pm, ctx);
  }
  /** Runs the card: success or Stripe's decline (402, replayed under the same Idempotency-Key). */
  private charge(pi: Rec, pm: Rec, ctx: Ctx): Rec {
    const before = clone(pi);
    const failure: Decline | null = pm._decline;
    const charge = this.put({
      id: newId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: failure ? 0 : pi.amount,
      amount_refunded: 0,
      billing_details: clone(pm.billing_details),
      captured: !failure,
      created: now(),
      currency: pi.currency,
      customer: pi.customer,
      description: pi.description,
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      livemode: false,
      metadata: clone(pi.metadata),
      outcome: failure
        ? {
            network_status: 'declined_by_network',
            reason: failure.decline_code,
            risk_level: 'normal',
            seller_message: 'The bank did not return any further details with this decline.',
            type: 'issuer_declined',
          }
        : { network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' },
      paid: !failure,
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details: {
        type: 'card',
        card: {
          brand: pm.card.brand,
          country: 'US',
          exp_month: pm.card.exp_month,
          exp_year: pm.card.exp_year,
          funding: pm.card.funding,
          // As on Stripe: the card's fingerprint travels with each charge, so a payment can be matched to a card.
          fingerprint: pm.card.fingerprint,
          last4: pm.card.last4,
          network: pm.card.brand,
        },
      },
      receipt_email: pi.receipt_email,
      receipt_url: null,
      refunded: false,
      disputed: false,
      status: failure ? 'failed' : 'succeeded',
      _invoice: pi._invoice,
    });
    pi.latest_charge = charge.id;
    if (!failure) {
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, payment_method: pm.id, last_payment_error: null });
      if (pi.setup_future_usage && pi.customer) this.attach(pm, this.find('customer', pi.customer, 'customer'), ctx);
      this.emit('payment_intent.succeeded', pi, ctx, before);
      this.emit('charge.succeeded', charge, ctx);
      if (pi._invoice) this.invoicePaid(this.objects.get(pi._invoice)!, pi, pm, charge, ctx);
      if (pm._dispute) this.openDispute(charge.id, { reason: 'fraudulent' }, ctx);
      return pi;
    }
    const error = { type: 'card_error', ...failure, doc_url: docUrl(failure.code), charge: charge.id, payment_method: this.render(pm, ctx.version) };
    Object.assign(pi, { status: 'requires_payment_method', payment_method: null, last_payment_error: error });
    this.emit('payment_intent.payment_failed', pi, ctx, before);
    this.emit('charge.failed', charge, ctx);
    if (pi._invoice) this.invoiceFailed(this.objects.get(pi._invoice)!, ctx);
    throw cardError(
      failure.code,
      failure.message,
      { ...error, payment_intent: this.render(pi, ctx.version, ctx.mode), request_log_url: `https://dashboard.stripe.com/test/logs/${ctx.requestId}` },
      402,
      true,
    );
  }
  cancelPaymentIntent(id: string, p: Params, ctx: Ctx): Rec {
    allowOnly(p, ['cancellation_reason']);
    const pi = this.find('payment_intent', id, 'intent', 404);
    const cancelable = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
    if (!cancelable.includes(pi.status)) {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelable.join(', ')}.`,
        undefined,
        'payment_intent_unexpected_state',
        400,
        { payment_intent: this.render(pi, ctx.version) },
      );
    }
    if (pi._invoice) throw invalid('You cannot cancel this PaymentIntent because it was created by an invoice.', undefined, 'payment_intent_unexpected_state');
    const before = clone(pi);
    Object.assign(pi, {
      status: 'canceled',
      canceled_at: now(),
      cancellation_reason:
        oneOf(p.cancellation_reason, 'cancellation_reason', ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const) ?? null,
    });
    this.emit('payment_intent.canceled', pi, ctx, before);
    return pi;
  }

  // ---------------------------------------------------------------- tokens (Stripe.js createToken)

  createToken(p: Params, ctx: Ctx): Rec {
    allowOnly(p, ['card', 'key', 'payment_user_agent', 'time_on_page', 'guid', 'muid', 'sid']);
    const card = hash(p.card, 'card');
    if (!card) throw missing('card');
    if (ctx.mode === 'secret' && card.number) throw rawCardNumbers();
    const pm = this.createCardMethod(card, { name: card.name, address: { postal_code: card.address_zip, country: card.address_country } }, ctx, 'card');
    this.objects.delete(pm.id);
    return this.put({
      id: newId('tok'),
      object: 'token',
      card: { id: newId('card'), object: 'card', ...pick(pm.card, ['brand', 'country', 'exp_month', 'exp_year', 'fingerprint', 'funding', 'last4']) },
      client_ip: null,
      created: now(),
      livemode: false,
      type: 'card',
      used: false,
    });
  }

  // ---------------------------------------------------------------- products and prices

  createProduct(p: Params, ctx: Ctx): Rec {
    allowOnly(p, [
      'id',
      'name',
      'active',
      'description',
      'metadata',
      'images',
      'url',
      'statement_descriptor',
      'unit_label',
      'tax_code',
      'default_price_data',
      'shippable',
    ]);
    const name = str(p.name, 'name');
    if (!name) throw missing('name');
    const id = str(p.id, 'id') ?? newId('prod', 14);
    if (this.objects.has(id)) throw invalid('Product already exists.', 'id', 'resource_already_exists');
    const product = this.put({
      id,
      object: 'product',
      active: bool(p.active, 'active') ?? true,
      created: now(),
      default_price: null,
      description: nstr(p.description, 'description') ?? null,
      images: array(p.images, 'images') ?? [],
      livemode: false,
      marketing_features: [],
      metadata: metadata(p.metadata),
      name,
      package_dimensions: null,
      shippable: bool(p.shippable, 'shippable') ?? null,
      statement_descriptor: nstr(p.statement_descriptor, 'statement_descriptor') ?? null,
      tax_code: nstr(p.tax_code, 'tax_code') ?? null,
      unit_label: nstr(p.unit_label, 'unit_label') ?? null,
      updated: now(),
      url: nstr(p.url, 'url') ?? null,
    });
    this.emit('product.created', product, ctx);
    const priceData = hash(p.default_price_data, 'default_price_data');
    if (priceData) product.default_price = this.createPrice({ ...priceData, product: id }, ctx).id;
    return product;
  }
  updateProduct(id: string, p: Params, ctx: Ctx): Rec {
    allowOnly(p, [
      'name',
      'active',
      'description',
      'metadata',
      'images',
      'url',
      'default_price',
      'statement_descriptor',
      'unit_label',
      'tax_code',
      'shippable',
    ]);
    const product = this.find('product', id, 'id', 404);
    const before = clone(product);
    if (p.name !== undefined) product.name = str(p.name, 'name');
    if (p.active !== undefined) product.active = bool(p.active, 'active');
    for (const k of ['description', 'url', 'statement_descriptor', 'unit_label', 'tax_code'] as const) if (p[k] !== undefined) product[k] = nstr(p[k], k);
    if (p.images !== undefined) product.images = array(p.images, 'images');
    if (p.default_price !== undefined) product.default_price = this.find('price', str(p.default_price, 'default_price')!, 'default_price').id;
    product.metadata = metadata(p.metadata, product.metadata);
    product.updated = now();
    this.emit('product.updated', product, ctx, before);
    return product;
  }
  listProducts(p: Params) {
    allowOnly(p, ['active', 'ids', 'limit', 'starting_after']);
    const active = bool(p.active, 'active');
    const ids = array(p.ids, 'ids');
    return this.list('product', p, '/v1/products', (r) => (active === undefined || r.active === active) && (!ids || ids.includes(r.id)));
  }
  createPrice(p: Params, ctx: Ctx): Rec {
    allowOnly(p, [
      'currency',
      'unit_amount',
      'unit_amount_decimal',
      'product',
      'product_data',
      'recurring',
      'lookup_key',
      'transfer_lookup_key',
      'nickname',
      'metadata',
      'active',
      'tax_behavior',
    ]);
    const cur = currency(p.currency);
    if (!cur) throw missing('currency');
    const unit =
      p.unit_amount !== undefined
        ? int(p.unit_amount, 'unit_amount')!
        : p.unit_amount_decimal !== undefined
          ? Math.round(Number(p.unit_amount_decimal))
          : undefined;
    if (unit === undefined)
      throw invalid(
        'Missing required param: unit_amount. (The Stripe emulator does not emulate custom_unit_amount or tiers.)',
        'unit_amount',
        'parameter_missing',
      );
    if (unit < 0) throw invalid('Invalid non-negative integer', 'unit_amount');
    let productId = str(p.product, 'product');
    const productData = hash(p.product_data, 'product_data');
    if (productId && productData) throw invalid('You may only specify one of these parameters: product, product_data.', 'product', 'parameters_exclusive');
    if (productId) this.find('product', productId, 'product');
    else if (productData) productId = this.createProduct(productData, ctx).id;
    else throw invalid('You must specify either `product` or `product_data` when creating a price.', 'product', 'parameter_missing');
    const recurring = hash(p.recurring, 'recurring');
    const interval = recurring && oneOf(recurring.interval, 'recurring[interval]', ['day', 'week', 'month', 'year'] as const);
    if (recurring && !interval) throw missing('recurring[interval]');
    const lookupKey = nstr(p.lookup_key, 'lookup_key') ?? null;
    const holder = lookupKey && [...this.objects.values()].find((r) => r.object === 'price' && r.lookup_key === lookupKey);
    if (holder && !bool(p.transfer_lookup_key, 'transfer_lookup_key')) throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
    if (holder) holder.lookup_key = null;
    const price = this.put({
      id: newId('price'),
      object: 'price',
      active: bool(p.active, 'active') ?? true,
      billing_scheme: 'per_unit',
      created: now(),
      currency: cur,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: lookupKey,
      metadata: metadata(p.metadata),
      nickname: nstr(p.nickname, 'nickname') ?? null,
      product: productId,
      recurring: interval
        ? {
            interval,
            interval_count: int(recurring!.interval_count, 'recurring[interval_count]') ?? 1,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: oneOf(p.tax_behavior, 'tax_behavior', ['exclusive', 'inclusive', 'unspecified'] as const) ?? 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: interval ? 'recurring' : 'one_time',
      unit_amount: unit,
      unit_amount_decimal: String(unit),
    });
    this.emit('price.created', price, ctx);
    return price;
  }
  updatePrice(id: string, p: Params, ctx: Ctx): Rec {
    allowOnly(p, ['active', 'metadata', 'nickname', 'lookup_key', 'transfer_lookup_key', 'tax_behavior']);
    const price = this.find('price', id, 'price', 404);
    const before = clone(price);
    if (p.active !== undefined) price.active = bool(p.active, 'active');
    if (p.nickname !== undefined) price.nickname = nstr(p.nickname, 'nickname');
    if (p.lookup_key !== undefined) {
      const key = nstr(p.lookup_key, 'lookup_key');
      const holder = key && [...this.objects.values()].find((r) => r.object === 'price' && r.lookup_key === key && r.id !== id);
      if (holder && !bool(p.transfer_lookup_key, 'transfer_lookup_key'))
        throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
      if (holder) holder.lookup_key = null;
      price.lookup_key = key;
    }
    price.metadata = metadata(p.metadata, price.metadata);
    this.emit('price.updated', price, ctx, before);
    return price;
  }
  listPrices(p: Params) {
    allowOnly(p, ['active', 'product', 'type', 'currency', 'lookup_keys', 'limit', 'starting_after']);
    const active = bool(p.active, 'active');
    const keys = array(p.lookup_keys, 'lookup_keys');
    const [product, type, cur] = [str(p.product, 'product'), str(p.type, 'type'), currency(p.currency)];
    return this.list(
      'price',
      p,
      '/v1/prices',
      (r) =>
        (active === undefined || r.active === active) &&
        (!keys || keys.includes(r.lookup_key)) &&
        (!product || r.product === product) &&
        (!type || r.type === type) &&
        (!cur || r.currency === cur),
    );
  }

  // ---------------------------------------------------------------- subscriptions and invoices

  createSubscription(p: Params, ctx: Ctx): Rec {
    allowOnly(p, [
      'customer',
      'items',
      'payment_behavior',
      'metadata',
      'default_payment_method',
      'payment_settings',
      'collection_method',
      'description',
      'off_session',
      'proration_behavior',
      'currency',
    ]);
    const customerId = str(p.customer, 'customer');
    if (!customerId) throw missing('customer');
    const customer = this.find('customer', customerId, 'customer');
    const items = array(p.items, 'items');
    if (!items?.length) throw missing('items');
    const lines = items.map((item, i) => {
      const param = `items[${i}][price]`;
      if (item?.price_data) throw invalid('The Stripe emulator does not emulate price_data; create a Price first.', `items[${i}][price_data]`);
      const priceId = str(item?.price, param);
      if (!priceId) throw missing(param);
      const price = this.find('price', priceId, param);
      if (price.type !== 'recurring')
        throw invalid('The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.', param);
      if (!price.active) throw invalid('The price specified is inactive. This field only accepts active prices.', param);
      const quantity = int(item.quantity, `items[${i}][quantity]`) ?? 1;
      return { price, quantity, metadata: metadata(item.metadata) };
    });
    if (new Set(lines.map((l) => l.price.currency)).size > 1) throw invalid('All prices on a subscription must have the same `currency`.', 'items');
    const behavior =
      oneOf(p.payment_behavior, 'payment_behavior', ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'] as const) ??
      'allow_incomplete';
    if (behavior === 'pending_if_incomplete')
      throw invalid('The Stripe emulator does not emulate payment_behavior=pending_if_incomplete (it is for updates).', 'payment_behavior');
    if (oneOf(p.collection_method, 'collection_method', ['charge_automatically', 'send_invoice'] as const) === 'send_invoice')
      throw invalid('The Stripe emulator does not emulate collection_method=send_invoice.', 'collection_method');
    const settings = hash(p.payment_settings, 'payment_settings') ?? {};
    const saveDefault =
      oneOf(settings.save_default_payment_method, 'payment_settings[save_default_payment_method]', ['off', 'on_subscription'] as const) ?? 'off';
    const pmId = str(p.default_payment_method, 'default_payment_method');
    const defaultPm = pmId ? this.find('payment_method', pmId, 'default_payment_method') : undefined;
    const chargeWith =
      behavior === 'default_incomplete'
        ? undefined
        : (defaultPm ?? (customer.invoice_settings.default_payment_method ? this.objects.get(customer.invoice_settings.default_payment_method) : undefined));
    const total = lines.reduce((sum, l) => sum + l.price.unit_amount * l.quantity, 0);
    if (behavior === 'error_if_incomplete' && total > 0) {
      if (!chargeWith)
        throw invalid(
          'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
          undefined,
          'resource_missing',
        );
      if (chargeWith._decline) throw cardError(chargeWith._decline.code, chargeWith._decline.message, { decline_code: chargeWith._decline.decline_code });
    }

    const start = this.clockNow(customer);
    const [cur, recurring] = [lines[0].price.currency, lines[0].price.recurring];
    const end = addInterval(start, recurring.interval, recurring.interval_count);
    const subId = newId('sub');
    const sub = this.put({
      id: subId,
      object: 'subscription',
      application: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: start,
      billing_mode: { type: 'flexible' },
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: cur,
      customer: customer.id,
      days_until_due: null,
      default_payment_method: defaultPm?.id ?? null,
      description: nstr(p.description, 'description') ?? null,
      discounts: [],
      ended_at: null,
      items: {
        object: 'list',
        data: lines.map((l) => ({
          id: newId('si', 14),
          object: 'subscription_item',
          created: start,
          current_period_end: end,
          current_period_start: start,
          discounts: [],
          metadata: l.metadata,
          price: this.render(l.price, this.apiVersion),
          quantity: l.quantity,
          subscription: subId,
          tax_rates: [],
        })),
        has_more: false,
        total_count: lines.length,
        url: `/v1/subscription_items?subscription=${subId}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: metadata(p.metadata),
      pause_collection: null,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: saveDefault },
      pending_setup_intent: null,
      pending_update: null,
      start_date: start,
      status: 'incomplete',
      test_clock: customer.test_clock,
      trial_end: null,
      trial_start: null,
    });
    this.emit('customer.subscription.created', sub, ctx);

    this.openSubscriptionInvoice(sub, customer, 'subscription_create', start, start, ctx);
    if (chargeWith && sub._pending_pi) {
      try {
        this.confirmPaymentIntent(sub._pending_pi, { payment_method: chargeWith.id }, ctx);
      } catch (e) {
        if (!(e instanceof StripeError && e.status === 402)) throw e; // allow_incomplete: the subscription stays incomplete
      }
    }
    delete sub._pending_pi;
    return sub;
  }
  /** Opens (finalizes) the invoice for the subscription's current period, with the PaymentIntent that pays it;
   *  `periodStart`/`periodEnd` are the invoice's own period (the one just ended, for a renewal, as on Stripe). */
  private openSubscriptionInvoice(sub: Rec, customer: Rec, reason: string, periodStart: number, periodEnd: number, ctx: Ctx): Rec {
    const at = this.clockNow(customer);
    const invId = newId('in');
    const [cur, saveDefault] = [sub.currency, sub.payment_settings.save_default_payment_method];
    const [start, end] = [sub.items.data[0].current_period_start, sub.items.data[0].current_period_end];
    const lines = sub.items.data.map((item: Rec) => ({ price: item.price, quantity: item.quantity }));
    const total = lines.reduce((sum: number, l: Rec) => sum + l.price.unit_amount * l.quantity, 0);
    const invoice = this.put({
      id: invId,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Stripe emulator',
      amount_due: total,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: total,
      amount_shipping: 0,
      attempt_count: 0,
      attempted: false,
      auto_advance: false,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: at,
      currency: cur,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name,
      description: null,
      due_date: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      lines: {
        object: 'list',
        data: lines.map((l: Rec, i: number) => ({
          id: newId('il'),
          object: 'line_item',
          amount: l.price.unit_amount * l.quantity,
          currency: cur,
          description: `${l.quantity} × ${this.objects.get(l.price.product)?.name ?? 'Item'} (at ${(l.price.unit_amount / 100).toFixed(2)} ${cur} / ${l.price.recurring.interval})`,
          invoice: invId,
          livemode: false,
          metadata: {},
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: { invoice_item: null, proration: false, subscription: sub.id, subscription_item: sub.items.data[i].id },
          },
          period: { end, start },
          pricing: { type: 'price_details', price_details: { price: l.price.id, product: l.price.product }, unit_amount_decimal: String(l.price.unit_amount) },
          quantity: l.quantity,
        })),
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${invId}/lines`,
      },
      livemode: false,
      metadata: {},
      number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: clone(sub.metadata), subscription: sub.id } },
      period_end: periodEnd,
      period_start: periodStart,
      status: 'open',
      status_transitions: { finalized_at: at, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: total,
      total,
      _subscription: sub.id,
    });
    sub.latest_invoice = invId;
    this.emit('invoice.created', invoice, ctx);
    this.emit('invoice.finalized', invoice, ctx);
    if (total === 0) {
      this.invoicePaid(invoice, undefined, undefined, undefined, ctx);
      return invoice;
    }
    // The invoice's PaymentIntent: its client_secret is what the browser confirms.
    const pi = this.createPaymentIntent(
      {
        amount: String(total),
        currency: cur,
        customer: customer.id,
        description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
        ...(saveDefault === 'on_subscription' && { setup_future_usage: 'off_session' }),
      },
      ctx,
      { _invoice: invId, automatic_payment_methods: null },
    );
    invoice._payment_intent = pi.id;
    this.put({
      id: newId('inpay'),
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: total,
      created: at,
      currency: cur,
      invoice: invId,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: pi.id },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    });
    sub._pending_pi = pi.id;
    return invoice;
  }
  private invoicePaid(invoice: Rec, pi: Rec | undefined, pm: Rec | undefined, charge: Rec | undefined, ctx: Ctx) {
    const before = clone(invoice);
    // On a test clock, paid at the clock's time, as Stripe does (a first invoice paid "in October").
    const customer = this.objects.get(invoice.customer);
    const at = customer ? this.clockNow(customer) : now();
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempted: !!pi,
      attempt_count: invoice.attempt_count + (pi ? 1 : 0),
      _charge: charge?.id,
    });
    invoice.status_transitions.paid_at = at;
    const payment = pi && [...this.objects.values()].find((r) => r.object === 'invoice_payment' && r.payment.payment_intent === pi.id);
    if (payment) Object.assign(payment, { status: 'paid', amount_paid: invoice.amount_due, status_transitions: { canceled_at: null, paid_at: at } });
    this.emit('invoice.paid', invoice, ctx, before);
    this.emit('invoice.payment_succeeded', invoice, ctx, before);
    const sub = this.objects.get(invoice._subscription);
    if (!sub || !['incomplete', 'past_due', 'unpaid'].includes(sub.status)) return;
    const subBefore = clone(sub);
    sub.status = 'active';
    if (pm && sub.payment_settings.save_default_payment_method === 'on_subscription') sub.default_payment_method = pm.id;
    this.emit('customer.subscription.updated', sub, ctx, subBefore);
  }
  private invoiceFailed(invoice: Rec, ctx: Ctx) {
    const before = clone(invoice);
    Object.assign(invoice, { attempted: true, attempt_count: invoice.attempt_count + 1 });
    this.emit('invoice.payment_failed', invoice, ctx, before);
    // A failed renewal makes an active subscription past_due (Stripe then retries per the dunning settings).
    const sub = this.objects.get(invoice._subscription);
    if (!sub || invoice.billing_reason === 'subscription_create' || sub.status !== 'active') return;
    const subBefore = clone(sub);
    sub.status = 'past_due';
    this.emit('customer.subscription.updated', sub, ctx, subBefore);
  }
  /** Pays an open invoice now (POST /v1/invoices/:id/pay): with the given card, else the subscription's or customer's default. */
  payInvoice(id: string, p: Params, ctx: Ctx): Rec {
    allowOnly(p, ['payment_method', 'off_session']);
    const invoice = this.find('invoice', id, 'invoice', 404);
    if (invoice.status !== 'open') throw invalid('Invoice is already paid', undefined, 'invoice_unexpected_state');
    const sub = this.objects.get(invoice._subscription);
    const customer = this.find('customer', invoice.customer, 'customer');
    const pmId = p.payment_method !== undefined ? str(p.payment_method, 'payment_method') : this.defaultPaymentMethod(sub, customer);
    if (!pmId)
      throw invalid(
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
        undefined,
        'invoice_no_customer_line_items',
      );
    const pm = this.paymentMethod(pmId, 'payment_method', ctx);
    this.confirmPaymentIntent(invoice._payment_intent, { payment_method: pm.id }, ctx);
    return invoice;
  }
  private defaultPaymentMethod(sub: Rec | undefined, customer: Rec): string | undefined {
    return sub?.default_payment_method ?? customer.invoice_settings.default_payment_method ?? undefined;
  }

  // ---------------------------------------------------------------- test clocks (https://docs.stripe.com/billing/testing/test-clocks)

  /** "Now" for a customer: its test clock's frozen time, or the real time. */
  private clockNow(customer: Rec): number {
    return customer.test_clock ? this.objects.get(customer.test_clock)!.frozen_time : now();
  }
  createTestClock(p: Params, ctx: Ctx): Rec {
    allowOnly(p, ['frozen_time', 'name']);
    const frozen = int(p.frozen_time, 'frozen_time');
    if (frozen === undefined) throw missing('frozen_time');
    const clock = this.put({
      id: newId('clock'),
      object: 'test_helpers.test_clock',
      created: now(),
      deletes_after: now() + 30 * 86400,
      frozen_time: frozen,
      livemode: false,
      name: nstr(p.name, 'name') ?? null,
      status: 'ready',
      status_details: {},
    });
    this.emit('test_helpers.test_clock.created', clock, ctx);
    return clock;
  }
  retrieveTestClock(id: string) {
    return this.find('test_helpers.test_clock', id, 'test_clock', 404);
  }
  listTestClocks(p: Params) {
    allowOnly(p, ['limit', 'starting_after']);
    return this.list('test_helpers.test_clock', p, '/v1/test_helpers/test_clocks');
  }
  deleteTestClock(id: string, ctx: Ctx) {
    const clock = this.find('test_helpers.test_clock', id, 'test_clock', 404);
    clock.deleted = true;
    for (const c of [...this.objects.values()]) if (c.object === 'customer' && c.test_clock === id) c.deleted = true;
    this.emit('test_helpers.test_clock.deleted', clock, ctx);
    return { id, object: 'test_helpers.test_clock', deleted: true } as Rec;
  }
  /**
   * Moves the clock and everything on it: renewals (a new invoice charged to the default card; a decline makes
   * the subscription past_due), cancellations at period end, incomplete subscriptions expiring after 23 hours.
   * Like Stripe, the clock answers `advancing` at once and becomes `ready` (event test_clock.ready) when done.
   */
  advanceTestClock(id: string, p: Params, ctx: Ctx): Rec {
    allowOnly(p, ['frozen_time']);
    const clock = this.find('test_helpers.test_clock', id, 'test_clock', 404);
    const target = int(p.frozen_time, 'frozen_time');
    if (target === undefined) throw missing('frozen_time');
    if (clock.status !== 'ready')
      throw invalid('The test clock is already advancing. Wait until it is ready before advancing again.', undefined, 'test_clock_advancing');
    if (target <= clock.frozen_time) throw invalid('The frozen_time must be after the test clock’s current frozen_time.', 'frozen_time');
    const subs = [...this.objects.values()].filter(
      (r) => r.object === 'subscription' && this.objects.get(r.customer)?.test_clock === id && !['canceled', 'incomplete_expired'].includes(r.status),
    );
    for (const sub of subs) {
      const { interval, interval_count } = sub.items.data[0].price.recurring;
      if (addInterval(addInterval(clock.frozen_time, interval, interval_count), interval, interval_count) < target)
        throw invalid(
          `Cannot advance the test clock more than two intervals of the shortest subscription on it (${interval_count} ${interval}).`,
          'frozen_time',
        );
    }
    clock.status = 'advancing';
    clock.status_details = { advancing: { target_frozen_time: target } };
    setImmediate(() => {
      if (this.objects.get(id) !== clock) return; // reset in between
      const from = clock.frozen_time;
      // Step from one period end to the next, so each renewal happens at its own moment of the clock.
      for (;;) {
        const due = subs
          .filter((s) => !['canceled', 'incomplete_expired'].includes(s.status))
          .map((s) => ({ s, at: s.status === 'incomplete' ? s.created + 23 * 3600 : s.items.data[0].current_period_end }))
          .filter((d) => d.at > from - 1 && d.at <= target)
          .sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        clock.frozen_time = due.at;
        this.cycle(due.s, { version: this.apiVersion, mode: 'secret', requestId: newId('req', 14) });
      }
      clock.frozen_time = target;
      clock.status = 'ready';
      clock.status_details = {};
      this.emit('test_helpers.test_clock.ready', clock, ctx);
    });
    return clock;
  }
  /** What happens to a subscription when its clock reaches its period end (or an incomplete one its 23 hours). */
  private cycle(sub: Rec, ctx: Ctx) {
    const customer = this.objects.get(sub.customer)!;
    const before = clone(sub);
    const at = this.clockNow(customer);
    if (sub.status === 'incomplete') {
      sub.status = 'incomplete_expired';
      Object.assign(sub, { ended_at: at });
      this.emit('customer.subscription.updated', sub, ctx, before);
      return;
    }
    if (sub.cancel_at_period_end) {
      Object.assign(sub, { status: 'canceled', canceled_at: at, ended_at: at });
      sub.cancellation_details.reason = 'cancellation_requested';
      this.emit('customer.subscription.deleted', sub, ctx);
      return;
    }
    const item = sub.items.data[0];
    const [oldStart, oldEnd] = [item.current_period_start, item.current_period_end];
    const { interval, interval_count } = item.price.recurring;
    for (const i of sub.items.data) Object.assign(i, { current_period_start: oldEnd, current_period_end: addInterval(oldEnd, interval, interval_count) });
    this.emit('customer.subscription.updated', sub, ctx, before);
    const invoice = this.openSubscriptionInvoice(sub, customer, 'subscription_cycle', oldStart, oldEnd, ctx);
    const piId = sub._pending_pi;
    delete sub._pending_pi;
    if (!piId) return;
    const pmId = this.defaultPaymentMethod(sub, customer);
    if (!pmId) return this.invoiceFailed(invoice, ctx);
    try {
      this.confirmPaymentIntent(piId, { payment_method: pmId, off_session: 'true' }, ctx);
    } catch (e) {
      if (!(e instanceof StripeError && e.status === 402)) throw e; // the decline already made the subscription past_due
    }
  }
  retrieveSubscription(id: string) {
    return this.find('subscription', id, 'id', 404);
  }
  updateSubscription(id: string, p: Params, ctx: Ctx): Rec {
    allowOnly(p, ['metadata', 'cancel_at_period_end', 'default_payment_method', 'description', 'cancellation_details']);
    const sub = this.find('subscription', id, 'id', 404);
    if (sub.status === 'canceled' && Object.keys(p).some((k) => !['metadata', 'cancellation_details', 'expand'].includes(k))) {
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.', undefined);
    }
    const before = clone(sub);
    if (p.cancel_at_period_end !== undefined) {
      sub.cancel_at_period_end = bool(p.cancel_at_period_end, 'cancel_at_period_end');
      sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
    }
    if (p.default_payment_method !== undefined)
      sub.default_payment_method =
        p.default_payment_method === ''
          ? null
          : this.find('payment_method', str(p.default_payment_method, 'default_payment_method')!, 'default_payment_method').id;
    if (p.description !== undefined) sub.description = nstr(p.description, 'description');
    if (p.cancellation_details !== undefined)
      Object.assign(sub.cancellation_details, pick(hash(p.cancellation_details, 'cancellation_details') ?? {}, ['comment', 'feedback']));
    sub.metadata = metadata(p.metadata, sub.metadata);
    this.emit('customer.subscription.updated', sub, ctx, before);
    return sub;
  }
  cancelSubscription(id: string, p: Params, ctx: Ctx): Rec {
    allowOnly(p, ['invoice_now', 'prorate', 'cancellation_details']);
    const sub = this.find('subscription', id, 'id', 404);
    if (sub.status === 'canceled') return sub;
    const at = now();
    Object.assign(sub, { status: 'canceled', canceled_at: at, ended_at: at });
    Object.assign(
      sub.cancellation_details,
      { reason: 'cancellation_requested' },
      pick(hash(p.cancellation_details, 'cancellation_details') ?? {}, ['comment', 'feedback']),
    );
    this.emit('customer.subscription.deleted', sub, ctx);
    return sub;
  }
  listSubscriptions(p: Params) {
    allowOnly(p, ['customer', 'status', 'price', 'limit', 'starting_after']);
    const [customer, status, price] = [str(p.customer, 'customer'), str(p.status, 'status'), str(p.price, 'price')];
    return this.list(
      'subscription',
      p,
      '/v1/subscriptions',
      (s) =>
        (!customer || s.customer === customer) &&
        (status === 'all' || (status ? s.status === status : s.status !== 'canceled' && s.status !== 'incomplete_expired')) &&
        (!price || s.items.data.some((i: Rec) => i.price.id === price)),
    );
  }
  retrieveInvoice(id: string) {
    return this.find('invoice', id, 'invoice', 404);
  }
  listInvoices(p: Params) {
    allowOnly(p, ['customer', 'subscription', 'status', 'limit', 'starting_after']);
    const [customer, subscription, status] = [str(p.customer, 'customer'), str(p.subscription, 'subscription'), str(p.status, 'status')];
    return this.list(
      'invoice',
      p,
      '/v1/invoices',
      (r) => (!customer || r.customer === customer) && (!subscription || r._subscription === subscription) && (!status || r.status === status),
    );
  }
  listInvoicePayments(p: Params) {
    allowOnly(p, ['invoice', 'payment', 'status', 'limit', 'starting_after']);
    const invoice = str(p.invoice, 'invoice');
    const pi = hash(p.payment, 'payment')?.payment_intent;
    const status = str(p.status, 'status');
    return this.list(
      'invoice_payment',
      p,
      '/v1/invoice_payments',
      (r) => (!invoice || r.invoice === invoice) && (!pi || r.payment.payment_intent === pi) && (!status || r.status === status),
    );
  }
  retrieveInvoicePayment(id: string) {
    return this.find('invoice_payment', id, 'invoice_payment', 404);
  }

  // ---------------------------------------------------------------- events and webhook endpoints (the API side)

  retrieveEvent(id: string) {
    return this.find('event', id, 'id', 404);
  }
  listEvents(p: Params) {
    allowOnly(p, ['type', 'types', 'limit', 'starting_after']);
    const type = str(p.type, 'type');
    const types = array(p.types, 'types');
    const matches = (t: string) => (!type || (type.endsWith('*') ? t.startsWith(type.slice(0, -1)) : t === type)) && (!types || types.includes(t));
    return this.list('event', p, '/v1/events', (e) => matches(e.type));
  }
  createWebhookEndpoint(p: Params): Rec {
    allowOnly(p, ['url', 'enabled_events', 'api_version', 'description', 'metadata']);
    const url = str(p.url, 'url');
    if (!url) throw missing('url');
    if (!/^https?:\/\//.test(url)) throw invalid('Invalid URL: URL must be publicly accessible (http or https).', 'url', 'url_invalid');
    const events = array(p.enabled_events, 'enabled_events');
    if (!events?.length) throw missing('enabled_events');
    const secret = `whsec_${randomBytes(24).toString('hex')}`;
    const rec = this.put({
      id: newId('we'),
      object: 'webhook_endpoint',
      api_version: str(p.api_version, 'api_version') ?? null,
      application: null,
      created: now(),
      description: nstr(p.description, 'description') ?? null,
      enabled_events: events,
      livemode: false,
      metadata: metadata(p.metadata),
      status: 'enabled',
      url,
      _secret: secret,
    });
    return { ...rec, secret }; // Stripe shows the secret only in the create response
  }
  deleteWebhookEndpoint(id: string) {
    const rec = this.find('webhook_endpoint', id, 'id', 404);
    rec.deleted = true;
    return { id, object: 'webhook_endpoint', deleted: true } as Rec;
  }
  listWebhookEndpoints(p: Params) {
    allowOnly(p, ['limit', 'starting_after']);
    return this.list('webhook_endpoint', p, '/v1/webhook_endpoints');
  }
}

/** Fields Stripe includes only when expanded (since 2025-03-31.basil). */
const INCLUDABLE: Record<string, Record<string, (s: StripeState, rec: Rec, ctx: Ctx) => unknown>> = {
  invoice: {
    confirmation_secret: (s, inv) => {
      const pi = inv._payment_intent && s.find('payment_intent', inv._payment_intent, 'payment_intent');
      return pi && inv.status === 'open' ? { client_secret: pi.client_secret, type: 'payment_intent' } : null;
    },
    payments: (s, inv, ctx) => s.present(s.listInvoicePayments({ invoice: inv.id }), ctx, undefined),
  },
};

const PUBLISHABLE_INTENT_FIELDS = [
  'id',
  'object',
  'amount',
  'amount_details',
  'automatic_payment_methods',
  'canceled_at',
  'cancellation_reason',
  'capture_method',
  'client_secret',
  'confirmation_method',
  'created',
  'currency',
  'description',
  'last_payment_error',
  'livemode',
  'next_action',
  'payment_method',
  'payment_method_configuration_details',
  'payment_method_types',
  'processing',
  'receipt_email',
  'setup_future_usage',
  'shipping',
  'source',
  'status',
];
const CUSTOMER_PARAMS = [
  'address',
  'description',
  'email',
  'metadata',
  'name',
  'phone',
  'shipping',
  'payment_method',
  'invoice_settings',
  'preferred_locales',
  'test_clock',
];
const PI_CREATE_PARAMS = [
  'amount',
  'currency',
  'customer',
  'description',
  'metadata',
  'receipt_email',
  'automatic_payment_methods',
  'payment_method_types',
  'excluded_payment_method_types',
  'payment_method',
  'confirm',
  'return_url',
  'setup_future_usage',
  'shipping',
  'statement_descriptor',
  'statement_descriptor_suffix',
  'capture_method',
];
const PI_CONFIRM_PARAMS = [
  'payment_method',
  'payment_method_data',
  'payment_method_types',
  'excluded_payment_method_types',
  'receipt_email',
  'return_url',
  'setup_future_usage',
  'shipping',
  'mandate_data',
  'off_session',
  'payment_method_options',
  'error_on_requires_action',
  'use_stripe_sdk',
  // sent by Stripe.js with a publishable key
  'client_secret',
  'key',
  'expected_payment_method_type',
  'payment_user_agent',
  'time_on_page',
  'guid',
  'muid',
  'sid',
];

/** payment_method_types / allowed_ / excluded_ as the request's API version accepts them; only card is emulated. */
function paymentMethodTypes(p: Params, ctx: Ctx) {
  const types = array(p.payment_method_types, 'payment_method_types');
  if (types && refusesTypes(ctx.version)) {
    throw invalid(
      `The payment_method_types parameter is no longer supported on API version ${ctx.version}. Use dynamic payment methods, excluded_payment_method_types or allowed_payment_method_types instead.`,
      'payment_method_types',
      'payment_method_types_no_longer_supported',
    );
  }
  if (types?.some((t) => t !== 'card')) throw invalid('The Stripe emulator only emulates the card payment method type.', 'payment_method_types');
  const allowed = array(p.allowed_payment_method_types, 'allowed_payment_method_types');
  if (allowed && !allowed.includes('card'))
    throw invalid('None of the allowed_payment_method_types is available: the Stripe emulator only emulates card.', 'allowed_payment_method_types');
  const excluded = array(p.excluded_payment_method_types, 'excluded_payment_method_types');
  if (excluded?.includes('card'))
    throw invalid('The Stripe emulator only emulates card, which excluded_payment_method_types excludes.', 'excluded_payment_method_types');
  return { types, allowed, excluded };
}
function rawCardNumbers() {
  return invalid(
    'Sending credit card numbers directly to the Stripe API is generally unsafe. We suggest you use test tokens that map to the test card you are using, see https://stripe.com/docs/testing.',
    undefined,
  );
}
function pick(o: Record<string, any>, keys: string[]): any {
  return Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));
}
/** `previous_attributes` of an update event: the top-level fields that changed, with their old values. */
function diff(before: Rec, after: Rec): Record<string, unknown> | undefined {
  const changed = Object.keys(before).filter((k) => !k.startsWith('_') && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return changed.length ? Object.fromEntries(changed.map((k) => [k, before[k]])) : undefined;
}
function addInterval(start: number, interval: string, count: number) {
  const d = new Date(start * 1000);
  if (interval === 'day') d.setUTCDate(d.getUTCDate() + count);
  if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * count);
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + count);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + count);
  return Math.floor(d.getTime() / 1000);
}
