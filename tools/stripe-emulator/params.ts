// The one seam where HTTP params (qs-parsed, so every leaf is a string) become typed values, and Stripe's error
// shapes. Everything past these helpers is typed as the `stripe` SDK's own objects.
import { randomBytes } from 'node:crypto';

/** A request's params as qs parsed them: nested objects and arrays of strings, read only through the helpers below. */
export type Params = Record<string, any>;

export const now = () => Math.floor(Date.now() / 1000);
export const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Random bytes drawn 64 KiB at a time: one call per id was a tenth of a transfer's time in a payout run (bench/payouts.ts). */
let pool = Buffer.alloc(0);
let used = 0;
export function newId(prefix: string, length = 24) {
  if (used + length > pool.length) {
    pool = randomBytes(65_536);
    used = 0;
  }
  let id = `${prefix}_`;
  for (let i = 0; i < length; i++) id += ALPHABET[pool[used++] % 62];
  return id;
}
/** A deep copy as JSON sees it (what the wire gets): Decimal fields become their strings, as Stripe sends them. */
export const clone = <T>(v: T): T => (v === undefined ? v : JSON.parse(JSON.stringify(v)));

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
export const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;
export function invalid(message: string, param?: string, code?: string, status = 400, extra: Record<string, unknown> = {}): StripeError {
  return new StripeError(status, { type: 'invalid_request_error', message, ...(code && { code, doc_url: docUrl(code) }), ...(param && { param }), ...extra });
}
export const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
export const noSuch = (label: string, id: string, param: string, status: number) => invalid(`No such ${label}: '${id}'`, param, 'resource_missing', status);
export function cardError(code: string, message: string, extra: Record<string, unknown> = {}, status = 402, replayable = false): StripeError {
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
export function str(v: unknown, param: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid(`Invalid string: ${JSON.stringify(v)}`, param);
  return v;
}
/** A nullable string: Stripe reads an empty value (`description=`) as "unset". */
export const nstr = (v: unknown, param: string) => (v === '' ? null : str(v, param));
export function int(v: unknown, param: string): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^-?\d+$/.test(v))
    throw invalid(`Invalid integer: ${typeof v === 'string' ? v : JSON.stringify(v)}`, param, 'parameter_invalid_integer');
  return Number(v);
}
export function bool(v: unknown, param: string): boolean | undefined {
  if (v === undefined) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw invalid(`Invalid boolean: ${String(v)}`, param);
}
export function hash(v: unknown, param: string): Params | null | undefined {
  if (v === undefined) return undefined;
  if (v === '') return null;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid('Invalid object', param);
  return v as Params;
}
export function array(v: unknown, param: string): any[] | undefined {
  if (v === undefined) return undefined;
  if (v === '') return [];
  if (Array.isArray(v)) return v;
  // qs turns `items[25][price]` into an object once indices pass its array limit.
  if (typeof v === 'object' && v && Object.keys(v).every((k) => /^\d+$/.test(k))) return Object.values(v);
  throw invalid('Invalid array', param);
}
export function oneOf<T extends string>(v: unknown, param: string, values: readonly T[]): T | undefined {
  const s = str(v, param);
  if (s !== undefined && !values.includes(s as T)) throw invalid(`Invalid ${param}: must be one of ${values.join(', ')}`, param);
  return s as T | undefined;
}
/** Metadata merges on update; `metadata[k]=` removes k and `metadata=` clears all, as in Stripe. */
export function metadata(v: unknown, current: Record<string, string> = {}): Record<string, string> {
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
export function currency(v: unknown, param = 'currency'): string | undefined {
  const s = str(v, param);
  if (s === undefined) return undefined;
  if (!/^[a-zA-Z]{3}$/.test(s)) throw invalid(`Invalid currency: ${s}. Stripe currently supports three-letter ISO currency codes, in lowercase.`, param);
  return s.toLowerCase();
}
export function email(v: unknown, param: string): string | null | undefined {
  const s = nstr(v, param);
  if (s && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)) throw invalid(`Invalid email address: ${s}`, param, 'email_invalid');
  return s;
}
export const SYMBOL: Record<string, string> = { usd: '$', cad: '$', aud: '$', eur: '€', gbp: '£' };
export const MINIMUM: Record<string, number> = { usd: 50, cad: 50, aud: 50, eur: 50, gbp: 30 };
export function amount(v: unknown, cur: string): number {
  const n = int(v, 'amount')!;
  const sym = SYMBOL[cur] ?? '';
  if (n < (MINIMUM[cur] ?? 1)) throw invalid(`Amount must be at least ${sym}${((MINIMUM[cur] ?? 1) / 100).toFixed(2)} ${cur}`, 'amount', 'amount_too_small');
  if (n > 99_999_999) throw invalid(`Amount must be no more than ${sym}999,999.99 ${cur}`, 'amount', 'amount_too_large');
  return n;
}

export function rawCardNumbers() {
  return invalid(
    'Sending credit card numbers directly to the Stripe API is generally unsafe. We suggest you use test tokens that map to the test card you are using, see https://stripe.com/docs/testing.',
    undefined,
  );
}
/** The listed keys of a param hash that were given. */
export function pick(o: Params, keys: string[]): Params {
  return Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));
}
/** Strings of an array param. */
export function strings(v: unknown, param: string): string[] | undefined {
  const a = array(v, param);
  if (a?.some((s) => typeof s !== 'string')) throw invalid('Invalid array', param);
  return a;
}
/** An address param as Stripe stores it: every field present, null when not given. */
export function address(
  v: unknown,
  param: string,
): { city: string | null; country: string | null; line1: string | null; line2: string | null; postal_code: string | null; state: string | null } {
  const h = hash(v, param) ?? {};
  const field = (k: string) => nstr(h[k], `${param}[${k}]`) ?? null;
  return {
    city: field('city'),
    country: field('country'),
    line1: field('line1'),
    line2: field('line2'),
    postal_code: field('postal_code'),
    state: field('state'),
  };
}
/** A shipping param (`address`, `name`, `phone`, `carrier`, `tracking_number`) as Stripe stores it; `shipping=` unsets it. */
export function shipping(v: unknown, param = 'shipping') {
  const h = hash(v, param);
  if (h === undefined || h === null) return h;
  return {
    address: address(h.address, `${param}[address]`),
    carrier: nstr(h.carrier, `${param}[carrier]`) ?? null,
    name: str(h.name, `${param}[name]`),
    phone: nstr(h.phone, `${param}[phone]`) ?? null,
    tracking_number: nstr(h.tracking_number, `${param}[tracking_number]`) ?? null,
  };
}
