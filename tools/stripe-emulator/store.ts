// The shared store of one emulated Stripe account (ADR 0031): every resource (resources/*.ts) keeps its objects here, typed as
// the `stripe` SDK's own types, with the emulator's bookkeeping beside them (never in what is sent). State lives in
// memory; with a journal (ADR 0073, journal.ts) every change is also written down before the emulator answers, so a
// restart, even after kill -9, forgets nothing (POST /_emulator/reset still forgets everything). Objects are stored in
// their newest shape; present.ts derives the shape an API version expects.
import type Stripe from 'stripe';
import type { Decline, RefundOutcome } from './cards';
import { clone, int, invalid, newId, noSuch, now, str, type Params } from './params';
import type { Delivery } from './webhooks';

/** What stripe@23 pins; used for events and for requests that send no Stripe-Version. */
export const DEFAULT_API_VERSION = '2026-10-28.endive';
/** 2025-03-31.basil removed invoice.payment_intent/subscription/paid, payment_intent.invoice and
 *  subscription.current_period_*; older versions still get those fields. */
const BASIL = '2025-03-31';
export const isBasil = (version: string) => version.slice(0, 10) >= BASIL;
/** 2026-07-29.dahlia added PaymentIntent allowed_payment_method_types; 2026-09-30.endive refuses payment_method_types. */
export const hasAllowedTypes = (version: string) => version.slice(0, 10) >= '2026-07-29';
export const refusesTypes = (version: string) => version.slice(0, 10) >= '2026-09-30';

export interface Ctx {
  version: string;
  mode: 'secret' | 'publishable';
  requestId: string;
  idempotencyKey?: string;
  /** Where the request reached the emulator (`http://host:port`), for URLs a browser opens (account links). */
  origin?: string;
}

/** Each stored object type, by its `object` value, as the SDK types it. */
export interface Objects {
  customer: Stripe.Customer;
  customer_balance_transaction: Stripe.CustomerBalanceTransaction;
  payment_method: Stripe.PaymentMethod;
  payment_intent: Stripe.PaymentIntent;
  setup_intent: Stripe.SetupIntent;
  charge: Stripe.Charge;
  refund: Stripe.Refund;
  dispute: Stripe.Dispute;
  token: Stripe.Token;
  product: Stripe.Product;
  price: Stripe.Price;
  subscription: Stripe.Subscription;
  invoice: Stripe.Invoice;
  invoice_payment: Stripe.InvoicePayment;
  webhook_endpoint: Stripe.WebhookEndpoint;
  'test_helpers.test_clock': Stripe.TestHelpers.TestClock;
  account: Stripe.Account;
  transfer: Stripe.Transfer;
  transfer_reversal: Stripe.TransferReversal;
  /** Never stored (Stripe gives them no id): answers of POST /v1/account_links and GET /v1/balance. */
  account_link: Stripe.AccountLink & { id?: undefined };
  balance: Stripe.Balance & { id?: undefined };
}
export type Kind = keyof Objects;
export type StripeObject = Objects[Kind];

/** What the emulator keeps beside an object of each type: bookkeeping that Stripe never sends. */
export interface Internal {
  customer: object;
  customer_balance_transaction: object;
  /** setupDecline: how saving the card without a charge (a SetupIntent) ends; null when it is saved. */
  payment_method: { decline: Decline | null; dispute: boolean; refund?: RefundOutcome; setupDecline: Decline | null };
  /** invoice: the invoice this intent pays (shown as `invoice` to versions before basil). */
  payment_intent: { invoice?: string };
  setup_intent: object;
  charge: { invoice?: string };
  refund: object;
  dispute: object;
  token: object;
  product: object;
  price: object;
  /** The intent of the invoice being opened, confirmed right after (create) or by the test clock (renewal). */
  subscription: { pendingPaymentIntent?: string };
  invoice: { subscription?: string; paymentIntent?: string; charge?: string };
  invoice_payment: object;
  webhook_endpoint: { secret: string };
  'test_helpers.test_clock': object;
  /** links: the account's onboarding links by token; restricted: onboarding failed verification or was restricted later. */
  account: { links: Record<string, OnboardingLink> };
  /** idempotencyKey: the key of the request that created it (GET /_emulator/transfers counts transfers per key). */
  transfer: { idempotencyKey: string | null };
  transfer_reversal: object;
  account_link: object;
  balance: object;
}
export interface OnboardingLink {
  expiresAt: number;
  returnUrl: string;
  refreshUrl: string;
  used: boolean;
}

/** One stored object with its bookkeeping; `kind` tells the two apart so code can narrow. */
export type Entry<K extends Kind = Kind> = {
  [P in K]: { kind: P; object: Objects[P]; internal: Internal[P]; seq: number; deleted: boolean };
}[K];

export interface ListResult<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}
export interface Deleted {
  id: string;
  object: Kind;
  deleted: true;
}

/** An event as the emulator keeps it: the object as it was (with its bookkeeping), rendered per endpoint version. */
export interface EventRecord {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: Stripe.Event.Request;
  type: Stripe.Event.Type;
  snapshot: Entry;
  previous?: Record<string, unknown>;
  /** The connected account an event happened on (Connect events carry it, e.g. account.updated). */
  account?: string;
  /** Delivery attempts per endpoint (GET /_emulator/events shows them). */
  _deliveries: Delivery[];
}

const LABEL: Partial<Record<Kind, string>> = { payment_method: 'PaymentMethod', setup_intent: 'setupintent', 'test_helpers.test_clock': 'test clock' };
export const labelOf = (kind: Kind) => LABEL[kind] ?? kind;

type Maps = { [K in Kind]: Map<string, Entry<K>> };
const emptyMaps = (): Maps => ({
  customer: new Map(),
  customer_balance_transaction: new Map(),
  payment_method: new Map(),
  payment_intent: new Map(),
  setup_intent: new Map(),
  charge: new Map(),
  refund: new Map(),
  dispute: new Map(),
  token: new Map(),
  product: new Map(),
  price: new Map(),
  subscription: new Map(),
  invoice: new Map(),
  invoice_payment: new Map(),
  webhook_endpoint: new Map(),
  'test_helpers.test_clock': new Map(),
  account: new Map(),
  transfer: new Map(),
  transfer_reversal: new Map(),
  account_link: new Map(),
  balance: new Map(),
});

/** An id as stored: expandable fields hold ids, never the expanded object. */
export function idOf(v: string | { id?: string } | null | undefined): string | null {
  if (v == null) return null;
  return typeof v === 'string' ? v : (v.id ?? null);
}

/**
 * What changed since the journal last took the changes (ADR 0073): whole entries (an object with its bookkeeping, as
 * it is now), ids removed, events emitted, the balance's counters; `reset` first when the state was reset.
 */
export interface Changes {
  reset?: true;
  entries: Entry[];
  removed: [Kind, string][];
  events: EventRecord[];
  balanceAdjustments?: Record<string, number>;
  transferredOut?: Record<string, number>;
}

/** All objects of one emulated Stripe account. */
export class StripeState {
  private maps = emptyMaps();
  private eventLog: EventRecord[] = [];
  private seq = 0;
  /**
   * Changes are collected only with a journal (ADR 0073). Every entry reached through `put`, `entry` (and so `get`,
   * `find`, `internal`), `lookup`, `markDeleted` or `all` counts as changed: resources mutate the objects they are
   * handed, so whatever was handed out is written down whole. Reads that mutate nothing use `scan`; `readOnly` is set
   * while a GET is answered.
   */
  tracking = false;
  readOnly = false;
  /** Called when something changed outside a request (a timer, a test clock advancing): the journal takes it soon. */
  onChange: () => void = () => undefined;
  private dirty = new Set<Entry>();
  private removed: [Kind, string][] = [];
  private fresh: EventRecord[] = [];
  private wasReset = false;
  private balanceWritten = '{}|{}';
  /** Timers of things Stripe does "some time later" (a refund that fails); a reset cancels them. */
  private timers = new Set<NodeJS.Timeout>();
  /** Called for every event, after the API call that caused it has been handled. */
  onEvent: (event: EventRecord) => void = () => undefined;
  /** How long "some time later" is for asynchronous outcomes (refunds that fail or settle). */
  asyncDelayMs = 50;
  /** Funds added to (or taken from) the platform's available balance by POST /_emulator/balance, per currency. */
  balanceAdjustments: Record<string, number> = {};
  /**
   * What transfers took from the platform's balance, less their reversals, per currency: kept as they are made, so a
   * transfer's balance check does not read every transfer before it (a run of 100k payouts, bench/payouts.ts).
   */
  transferredOut: Record<string, number> = {};

  constructor(readonly apiVersion = DEFAULT_API_VERSION) {}

  reset() {
    this.maps = emptyMaps();
    this.eventLog = [];
    this.dirty.clear();
    this.removed = [];
    this.fresh = [];
    this.wasReset = this.tracking;
    this.balanceAdjustments = {};
    this.transferredOut = {};
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** Runs `fn` later, unless the state is reset in between. */
  later(fn: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, this.asyncDelayMs);
    this.timers.add(timer);
  }

  private touch(e: Entry | undefined) {
    if (e && this.tracking && !this.readOnly) {
      this.dirty.add(e);
      this.onChange();
    }
  }

  /** The changes since the last call (null: none), for the journal; they are forgotten here. */
  takeChanges(): Changes | null {
    const balance = `${JSON.stringify(this.balanceAdjustments)}|${JSON.stringify(this.transferredOut)}`;
    const balanceChanged = balance !== this.balanceWritten;
    if (!this.wasReset && !this.dirty.size && !this.removed.length && !this.fresh.length && !balanceChanged) return null;
    const changes: Changes = {
      ...(this.wasReset && { reset: true as const }),
      entries: [...this.dirty],
      removed: this.removed,
      events: this.fresh,
      ...(balanceChanged && { balanceAdjustments: this.balanceAdjustments, transferredOut: this.transferredOut }),
    };
    this.balanceWritten = balance;
    this.dirty = new Set();
    this.removed = [];
    this.fresh = [];
    this.wasReset = false;
    return changes;
  }

  /** Applies changes read back from the journal at start (replay), in the order they were taken. */
  restore(changes: Changes) {
    if (changes.reset) this.reset();
    for (const [kind, id] of changes.removed) this.maps[kind].delete(id);
    for (const e of changes.entries) {
      (this.maps[e.kind] as Map<string, Entry>).set(e.object.id!, e);
      this.seq = Math.max(this.seq, e.seq);
    }
    for (const event of changes.events) this.eventLog.push({ ...event, pending_webhooks: 0, _deliveries: [] });
    if (changes.balanceAdjustments) this.balanceAdjustments = changes.balanceAdjustments;
    if (changes.transferredOut) this.transferredOut = changes.transferredOut;
    this.balanceWritten = `${JSON.stringify(this.balanceAdjustments)}|${JSON.stringify(this.transferredOut)}`;
  }

  /** Every stored entry and event, for a compacted journal. */
  snapshot(): { entries: Entry[]; events: EventRecord[] } {
    return { entries: Object.values(this.maps).flatMap((m: Map<string, Entry>) => [...m.values()]), events: this.eventLog };
  }

  put<K extends Kind>(kind: K, object: Objects[K], internal: Internal[K]): Objects[K] {
    const map: Map<string, Entry<K>> = this.maps[kind];
    const entry = { kind, object, internal, seq: ++this.seq, deleted: false } as Entry<K>;
    map.set(object.id!, entry);
    this.touch(entry as Entry);
    return object;
  }
  entry<K extends Kind>(kind: K, id: string | null | undefined): Entry<K> | undefined {
    const map: Map<string, Entry<K>> = this.maps[kind];
    const e = id ? map.get(id) : undefined;
    this.touch(e as Entry | undefined);
    return e;
  }
  /** The object, unless missing or deleted. */
  get<K extends Kind>(kind: K, id: string | null | undefined): Objects[K] | undefined {
    const e = this.entry(kind, id);
    return e && !e.deleted ? e.object : undefined;
  }
  /** The object only to read it (unless missing or deleted): nothing is written to the journal. */
  peek<K extends Kind>(kind: K, id: string | null | undefined): Objects[K] | undefined {
    const e = id ? (this.maps[kind] as Map<string, Entry<K>>).get(id) : undefined;
    return e && !e.deleted ? e.object : undefined;
  }
  /** Looks an object up; `param`/`status` say how Stripe reports a miss (404 for a path id, 400 for a body param). */
  find<K extends Kind>(kind: K, id: string, param: string, status = 400): Objects[K] {
    const found = this.get(kind, id);
    if (!found) throw noSuch(labelOf(kind), id, param, status);
    return found;
  }
  /** The bookkeeping beside a stored object. */
  internal<K extends Kind>(kind: K, id: string): Internal[K] {
    const e = this.entry(kind, id);
    if (!e) throw new Error(`Stripe emulator: no ${kind} ${id}`);
    return e.internal;
  }
  /** The bookkeeping beside a stored object, only to read it (nothing is written to the journal). */
  peekInternal<K extends Kind>(kind: K, id: string): Internal[K] {
    const e = (this.maps[kind] as Map<string, Entry<K>>).get(id);
    if (!e) throw new Error(`Stripe emulator: no ${kind} ${id}`);
    return e.internal;
  }
  /** Any stored object by id (expansion follows ids of any type). */
  lookup(id: string): Entry | undefined {
    for (const map of Object.values(this.maps) as Map<string, Entry>[]) {
      const e = map.get(id);
      if (e) return (this.touch(e), e);
    }
    return undefined;
  }
  has(id: string) {
    return this.lookup(id) !== undefined;
  }
  markDeleted(kind: Kind, id: string) {
    const e = this.entry(kind, id);
    if (e) e.deleted = true;
  }
  remove(kind: Kind, id: string) {
    const e = this.maps[kind].get(id);
    if (e) this.dirty.delete(e);
    this.maps[kind].delete(id);
    if (this.tracking) this.removed.push([kind, id]);
  }
  /** Live objects of a type, oldest first, to change some of them (each counts as changed for the journal). */
  all<K extends Kind>(kind: K): Objects[K][] {
    const map: Map<string, Entry<K>> = this.maps[kind];
    return [...map.values()].filter((e) => !e.deleted).map((e) => (this.touch(e as Entry), e.object));
  }
  /** Live objects of a type, oldest first, only to read them (nothing is written to the journal). */
  scan<K extends Kind>(kind: K): Objects[K][] {
    const map: Map<string, Entry<K>> = this.maps[kind];
    return [...map.values()].filter((e) => !e.deleted).map((e) => e.object);
  }

  /** A page of a type's live objects, newest first, as Stripe lists them (`limit`, `starting_after`). */
  list<K extends Kind>(kind: K, p: Params, url: string, filter: (o: Objects[K]) => boolean = () => true): ListResult<Objects[K]> {
    return page(this.scan(kind).filter(filter).reverse(), p, url, labelOf(kind));
  }

  // ---------------------------------------------------------------- events

  events(): EventRecord[] {
    return [...this.eventLog];
  }
  /** Records an event with a snapshot of the object (and its bookkeeping) as it is now, then hands it to `onEvent`. */
  emit<K extends Kind>(type: Stripe.Event.Type, kind: K, object: Objects[K], ctx: Ctx | undefined, before?: Objects[K], account?: string) {
    const stored = this.lookup(object.id!);
    if (!stored || stored.kind !== kind) throw new Error(`Stripe emulator: event ${type} for an unstored ${kind}`);
    const previous = before && diff(before, object);
    const event: EventRecord = {
      id: newId('evt'),
      object: 'event',
      api_version: this.apiVersion,
      created: now(),
      livemode: false,
      pending_webhooks: 0,
      request: { id: ctx?.requestId ?? null, idempotency_key: ctx?.idempotencyKey ?? null },
      type,
      snapshot: clone(stored),
      ...(previous && { previous }),
      ...(account && { account }),
      _deliveries: [],
    };
    this.eventLog.push(event);
    if (this.tracking) {
      this.fresh.push(event);
      this.onChange();
    }
    this.onEvent(event);
  }
}

/** Stripe's pagination over items already in list order. */
export function page<T extends { id?: string }>(items: T[], p: Params, url: string, label: string): ListResult<T> {
  const limit = int(p.limit, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalid('This value must be between 1 and 100 (it currently is ' + limit + ').', 'limit');
  const after = str(p.starting_after, 'starting_after');
  if (after) {
    const at = items.findIndex((r) => r.id === after);
    if (at < 0) throw noSuch(label, after, 'starting_after', 400);
    items = items.slice(at + 1);
  }
  return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
}

/** `previous_attributes` of an update event: the top-level fields that changed, with their old values. */
function diff(before: object, after: object): Record<string, unknown> | undefined {
  const now: Record<string, unknown> = Object.fromEntries(Object.entries(after));
  const changed = Object.entries(before).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(now[k]));
  return changed.length ? Object.fromEntries(changed) : undefined;
}
