// What goes on the wire: a stored object rendered as the request's API version shows it, `expand[]` applied, and
// events rendered per endpoint version. Per-type rules (expandable fields, fields of older versions) are declared by
// each resource file (`Shapes`) and gathered in resources/index.ts.
import { array, clone, invalid } from './params';
import { SHAPES } from './resources';
import { type Ctx, type Deleted, type Entry, type EventRecord, isBasil, type Kind, type ListResult, type StripeObject, type StripeState } from './store';

/** A JSON object as sent. */
export type Wire = { [key: string]: unknown };
const isWire = (v: unknown): v is Wire => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How one type is shown: its expandable id fields, fields shown only when expanded, and changes per API version. */
export interface Shape<K extends Kind> {
  /** Fields (dotted paths relative to the object) that hold an id and may be expanded. */
  expandable?: readonly string[];
  /** Fields Stripe includes only when expanded (since 2025-03-31.basil). */
  includable?: Record<string, (s: StripeState, entry: Entry<K>, ctx: Ctx) => unknown>;
  /** Adjusts the newest shape `out` for the request's version and key (fields removed since, publishable views). */
  render?: (out: Wire, entry: Entry<K>, version: string, mode: Ctx['mode']) => Wire;
}
export type Shapes = { [K in Kind]?: Shape<K> };

/** A handler's answer: a stored object, a deletion, an event, or a list of those. */
export type Result = StripeObject | Deleted | EventRecord | ListResult<StripeObject | EventRecord>;

const toWire = (o: object): Wire => Object.fromEntries(Object.entries(clone(o)));

function renderEntry<K extends Kind>(entry: Entry<K>, shown: object, version: string, mode: Ctx['mode']): Wire {
  const out = toWire(shown);
  const shape: Shape<K> | undefined = SHAPES[entry.kind];
  return shape?.render ? shape.render(out, entry, version, mode) : out;
}

/** The object as an API version shows it (the store's bookkeeping is never part of it). */
export function render(s: StripeState, o: StripeObject | EventRecord, version: string, mode: Ctx['mode'] = 'secret'): Wire {
  if (o.object === 'event') return renderEvent(o, o.api_version);
  const entry = s.entry(o.object, o.id);
  return entry ? renderEntry(entry, o, version, mode) : toWire(o);
}

/** An event as delivered to an endpoint pinned to `version`: its object rendered in that version. */
export function renderEvent(event: EventRecord, version: string): Wire {
  return {
    id: event.id,
    object: 'event',
    ...(event.account && { account: event.account }),
    api_version: version,
    created: event.created,
    data: {
      object: renderEntry(event.snapshot, event.snapshot.object, version, 'secret'),
      ...(event.previous && { previous_attributes: clone(event.previous) }),
    },
    livemode: event.livemode,
    pending_webhooks: event.pending_webhooks,
    request: clone(event.request),
    type: event.type,
  };
}

/** Renders a handler's result and applies `expand[]` the way Stripe does (at most 4 levels). */
export function present(s: StripeState, result: Result, ctx: Ctx, expand: unknown): Wire {
  const out: Wire =
    result.object === 'list'
      ? { ...result, data: result.data.map((r) => render(s, r, ctx.version, ctx.mode)) }
      : 'deleted' in result
        ? toWire(result)
        : render(s, result, ctx.version, ctx.mode);
  for (const path of array(expand, 'expand') ?? []) {
    if (typeof path !== 'string') throw invalid('Invalid array', 'expand');
    const segments = path.split('.');
    if (segments.length > 4) throw invalid(`You cannot expand more than 4 levels of a property. Property: ${path}`, 'expand');
    expandPath(s, out, segments, ctx);
  }
  return out;
}

function includer(kind: Kind, key: string, ctx: Ctx, s: StripeState, id: string): (() => unknown) | undefined {
  if (!isBasil(ctx.version)) return undefined;
  const entry = s.entry(kind, id);
  return entry && includeFor(entry, key, s, ctx);
}
function includeFor<K extends Kind>(entry: Entry<K>, key: string, s: StripeState, ctx: Ctx): (() => unknown) | undefined {
  const shape: Shape<K> | undefined = SHAPES[entry.kind];
  const include = shape?.includable?.[key];
  return include && (() => include(s, entry, ctx));
}

function expandPath(s: StripeState, out: unknown, path: string[], ctx: Ctx): void {
  if (isWire(out) && out.object === 'list' && Array.isArray(out.data)) {
    if (path[0] !== 'data') throw invalid(`This property cannot be expanded (${path[0]}).`, 'expand');
    for (const item of out.data) expandPath(s, item, path.slice(1), ctx);
    return;
  }
  const kind = isWire(out) && typeof out.object === 'string' && out.object in SHAPES ? (out.object as Kind) : undefined;
  for (let i = path.length; i >= 1 && isWire(out); i--) {
    const key = path.slice(0, i).join('.');
    const include = kind && typeof out.id === 'string' ? includer(kind, key, ctx, s, out.id) : undefined;
    if (!(kind && SHAPES[kind]?.expandable?.includes(key)) && !include) continue;
    let holder: unknown = out;
    for (const seg of path.slice(0, i - 1)) holder = isWire(holder) ? holder[seg] : undefined;
    const field = path[i - 1];
    if (!isWire(holder)) break;
    if (include) holder[field] = include();
    else if (!(field in holder))
      break; // e.g. invoice.payment_intent since 2025-03-31.basil
    else {
      const id = holder[field];
      const target = typeof id === 'string' ? s.lookup(id) : undefined;
      if (target) holder[field] = renderEntry(target, target.object, ctx.version, ctx.mode);
    }
    const rest = path.slice(i);
    if (rest.length && isWire(holder[field])) expandPath(s, holder[field], rest, ctx);
    return;
  }
  const first = isWire(out) ? out[path[0]] : undefined;
  if (isWire(first) && first.object === 'list') return expandPath(s, first, path.slice(1), ctx);
  const exists = isWire(out) && path[0] in out;
  throw invalid(exists ? `This property cannot be expanded (${path[0]}).` : `This property cannot be expanded because it doesn't exist: ${path[0]}.`, 'expand');
}
