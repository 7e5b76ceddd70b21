import { DEFAULT_PAGE_SIZE, type CatalogItem, type ItemKind, type ListQuery } from '@km/contracts';
import { createHash } from 'node:crypto';

type Sort = NonNullable<ListQuery['sort']>;
const SORTS: readonly Sort[] = ['featured', 'newest', 'price-asc', 'price-desc', 'name'];
const KINDS: readonly ItemKind[] = ['product', 'service'];

/** One item with the keys its sorts and searches compare, computed once when it enters the model. */
interface Entry {
  item: CatalogItem;
  cents: number;
  lowerName: string;
  lowerDescription: string;
  /** The detail answer, made on first ask. */
  answer?: Answer;
}

/** A JSON answer ready to send: its bytes and their ETag. */
export interface Answer {
  body: Buffer;
  etag: string;
  /** The body compressed, each made on the first ask that accepts it, then kept as long as the answer is. */
  br?: Buffer;
  gzip?: Buffer;
}

const slugKey = (item: CatalogItem) => `${item.kind}|${item.slug}`;

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The catalog's ORDER BYs (services/catalog/src/items/list-order.ts), each ending in the id so no two items tie.
 * created_at compares at the millisecond the API carries; Postgres keeps microseconds, so two items made in the same
 * millisecond by separate statements may order by id here and by microsecond there (ADR 0019).
 */
const ORDER: Record<Sort, (a: Entry, b: Entry) => number> = {
  featured: (a, b) => Number(b.item.featured) - Number(a.item.featured) || cmp(b.item.createdAt, a.item.createdAt) || cmp(b.item.id, a.item.id),
  newest: (a, b) => cmp(b.item.createdAt, a.item.createdAt) || cmp(b.item.id, a.item.id),
  'price-asc': (a, b) => a.cents - b.cents || cmp(a.item.id, b.item.id),
  'price-desc': (a, b) => b.cents - a.cents || cmp(b.item.id, a.item.id),
  name: (a, b) => cmp(a.lowerName, b.lowerName) || cmp(a.item.id, b.item.id),
};

/**
 * A small least-recently-used map: a hit moves the key to the end, an insert past `max` entries (or past `budget`'s
 * bytes, when given) drops the oldest.
 */
class Lru<V> {
  private readonly map = new Map<string, V>();
  private bytes = 0;
  constructor(
    private readonly max: number,
    private readonly budget?: { bytes: number; of: (value: V) => number },
  ) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V) {
    this.delete(key);
    this.map.set(key, value);
    this.bytes += this.budget?.of(value) ?? 0;
    while (this.map.size > this.max || (this.budget && this.bytes > this.budget.bytes && this.map.size > 1)) {
      this.delete(this.map.keys().next().value as string);
    }
  }
  clear() {
    this.map.clear();
    this.bytes = 0;
  }
  get byteSize() {
    return this.bytes;
  }
  get count() {
    return this.map.size;
  }
  private delete(key: string) {
    const old = this.map.get(key);
    if (old === undefined) return;
    this.map.delete(key);
    this.bytes -= this.budget?.of(old) ?? 0;
  }
}

/** Ready pages kept: their JSON bodies up to this many bytes (their compressed copies, made when asked, are smaller). */
export const PAGE_CACHE_BYTES = 48 * 1024 * 1024;
const PAGE_CACHE_ENTRIES = 50_000;

export const answerOf = (value: unknown): Answer => {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
};

/** What a page asks, already validated (the category is one of the kind's). */
export interface PageQuery {
  q?: string;
  category?: string;
  sort?: Sort;
  page?: number;
  pageSize?: number;
}

/**
 * Every product and service in memory, kept in each sort's order, so a page is a slice and a filter is one pass
 * over the items that is then remembered (its count included) until the catalog changes. Pages are kept as ready
 * bytes with their ETag. Plain data structure: who fills it and when is `CatalogReadModelService`'s business.
 */
export class CatalogReadModel {
  private readonly entries = new Map<string, Entry>();
  /** The same entries by `kind|slug`: an item's page address names it by its slug. */
  private readonly bySlug = new Map<string, Entry>();
  /** Ids deleted since the last full load: an answer about one that arrives late must not bring it back. */
  private readonly deleted = new Set<string>();
  private readonly sorted = new Map<string, Entry[]>();
  private readonly filtered = new Lru<Entry[]>(500);
  // Bounded by bytes rather than by a count alone: 5,000 pages were fewer than one sort's pages of 100,000 items, and
  // a page made again (JSON and SHA-1) was the largest cost of a warm read left there (ADR 0020's follow-up).
  private readonly pages: Lru<Answer>;
  private grams = new TrigramIndex();

  constructor(items: CatalogItem[] = [], pageCacheBytes = PAGE_CACHE_BYTES) {
    this.pages = new Lru<Answer>(PAGE_CACHE_ENTRIES, { bytes: pageCacheBytes, of: (answer) => answer.body.length });
    this.replaceAll(items);
  }

  get size() {
    return this.entries.size;
  }

  /** How many ready pages are kept, and their JSON bytes. */
  get cachedPages() {
    return { count: this.pages.count, bytes: this.pages.byteSize };
  }

  /** Starts over from a full read of the catalog. */
  replaceAll(items: CatalogItem[]) {
    this.entries.clear();
    this.bySlug.clear();
    this.deleted.clear();
    for (const item of items) {
      const entry = entryOf(item);
      this.entries.set(item.id, entry);
      this.bySlug.set(slugKey(item), entry);
    }
    this.grams = new TrigramIndex(this.entries.values());
    this.sorted.clear();
    for (const kind of KINDS) {
      const ofKind = [...this.entries.values()].filter((e) => e.item.kind === kind);
      for (const sort of SORTS) {
        const all = [...ofKind].sort(ORDER[sort]);
        this.sorted.set(`${kind}|${sort}|`, all);
        // Each category's items kept apart too: a category filter costs nothing and a search reads its part only.
        for (const entry of all) this.list(kind, sort, entry.item.category).push(entry);
      }
    }
    this.changed();
  }

  /** A created or changed item; an older version than the one held (or one deleted meanwhile) changes nothing. */
  upsert(item: CatalogItem): boolean {
    if (this.deleted.has(item.id)) return false;
    const current = this.entries.get(item.id);
    if (current && current.item.updatedAt > item.updatedAt) return false;
    if (current) this.unlink(current);
    const entry = entryOf(item);
    this.entries.set(item.id, entry);
    this.bySlug.set(slugKey(item), entry);
    this.grams.add(entry);
    for (const sort of SORTS) {
      for (const list of [this.list(item.kind, sort, ''), this.list(item.kind, sort, item.category)]) list.splice(position(list, entry, ORDER[sort]), 0, entry);
    }
    this.changed();
    return true;
  }

  remove(id: string) {
    this.deleted.add(id);
    const current = this.entries.get(id);
    if (!current) return;
    this.unlink(current);
    this.entries.delete(id);
    this.changed();
  }

  /** One item's answer, or undefined when the kind has no item with that id or slug. */
  item(kind: ItemKind, idOrSlug: string): Answer | undefined {
    const entry = this.entry(kind, idOrSlug);
    return entry && (entry.answer ??= answerOf(entry.item));
  }

  /** The item of the kind with that id or slug. */
  find(kind: ItemKind, idOrSlug: string): CatalogItem | undefined {
    return this.entry(kind, idOrSlug)?.item;
  }

  /** Every item of the kind, newest first. */
  all(kind: ItemKind): CatalogItem[] {
    return this.list(kind, 'newest', '').map((entry) => entry.item);
  }

  private entry(kind: ItemKind, idOrSlug: string): Entry | undefined {
    const entry = this.entries.get(idOrSlug) ?? this.bySlug.get(`${kind}|${idOrSlug}`);
    return entry?.item.kind === kind ? entry : undefined;
  }

  /** The newest featured item of the kind (ARCHITECTURE §10), or undefined when none is featured. */
  featured(kind: ItemKind): Answer | undefined {
    const first = this.list(kind, 'featured', '')[0];
    return first?.item.featured ? this.item(kind, first.item.id) : undefined;
  }

  /** One page as `ItemsService.list` answers it: `{items, total, page, pageSize}`. */
  page(kind: ItemKind, query: PageQuery): Answer {
    const sort = query.sort ?? 'featured';
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const q = query.q ? query.q.toLowerCase() : '';
    const category = query.category ?? '';
    const pageKey = `${kind}|${sort}|${category}|${page}|${pageSize}|${q}`;
    const cached = this.pages.get(pageKey);
    if (cached) return cached;
    const matches = this.matching(kind, sort, category, q);
    const start = (page - 1) * pageSize;
    const answer = answerOf({ items: matches.slice(start, start + pageSize).map((e) => e.item), total: matches.length, page, pageSize });
    this.pages.set(pageKey, answer);
    return answer;
  }

  /** The items a filter keeps, in the sort's order; one pass, remembered until the next change. */
  private matching(kind: ItemKind, sort: Sort, category: string, q: string): Entry[] {
    const all = this.list(kind, sort, category);
    if (!q) return all;
    const key = `${kind}|${sort}|${category}|${q}`;
    let found = this.filtered.get(key);
    if (!found) {
      const hit = (e: Entry) => e.lowerName.includes(q) || e.lowerDescription.includes(q);
      const candidates = this.grams.candidates(q);
      // Few candidates: check those and sort them. Many (or a text under 3 characters): one pass in order is as quick.
      found =
        candidates === undefined || candidates.length * 4 > all.length
          ? all.filter(hit)
          : candidates
              .filter((e) => e.item.kind === kind && (!category || e.item.category === category) && this.entries.get(e.item.id) === e && hit(e))
              .sort(ORDER[sort]);
      this.filtered.set(key, found);
    }
    return found;
  }

  /** The kind's items in one sort's order: all of them (category '') or one category's. */
  private list(kind: ItemKind, sort: Sort, category: string): Entry[] {
    const key = `${kind}|${sort}|${category}`;
    let list = this.sorted.get(key);
    if (!list) this.sorted.set(key, (list = []));
    return list;
  }

  private unlink(entry: Entry) {
    if (this.bySlug.get(slugKey(entry.item)) === entry) this.bySlug.delete(slugKey(entry.item));
    this.grams.removed();
    for (const sort of SORTS) {
      for (const list of [this.list(entry.item.kind, sort, ''), this.list(entry.item.kind, sort, entry.item.category)]) {
        const at = position(list, entry, ORDER[sort]);
        const index = list[at] === entry ? at : list.indexOf(entry);
        if (index >= 0) list.splice(index, 1);
      }
    }
  }

  private changed() {
    if (this.grams.wasted) this.grams = new TrigramIndex(this.entries.values());
    this.filtered.clear();
    this.pages.clear();
  }
}

/**
 * Every three-character piece of each item's lowercased name and description, with the items holding it. A search
 * for 3 characters or more only reads the items listed under its rarest piece (a superset of the matches, each then
 * checked) instead of every item. Replaced items stay listed until the index is rebuilt; readers check liveness.
 */
class TrigramIndex {
  private readonly postings = new Map<string, Entry[]>();
  private live = 0;
  private dead = 0;

  constructor(entries: Iterable<Entry> = []) {
    for (const entry of entries) this.add(entry);
  }

  add(entry: Entry) {
    const grams = new Set<string>();
    for (const text of [entry.lowerName, entry.lowerDescription]) for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3));
    for (const gram of grams) {
      const list = this.postings.get(gram);
      if (list) list.push(entry);
      else this.postings.set(gram, [entry]);
    }
    this.live += 1;
  }

  removed() {
    this.live -= 1;
    this.dead += 1;
  }

  /** More stale entries than live ones: time to rebuild. */
  get wasted() {
    return this.dead > this.live + 1000;
  }

  /** The shortest list among `q`'s pieces (empty when one piece is held by no item); undefined when `q` is under 3. */
  candidates(q: string): Entry[] | undefined {
    if (q.length < 3) return undefined;
    let best: Entry[] | undefined;
    for (let i = 0; i + 3 <= q.length; i++) {
      const list = this.postings.get(q.slice(i, i + 3));
      if (!list) return [];
      if (!best || list.length < best.length) best = list;
    }
    return best;
  }
}

function entryOf(item: CatalogItem): Entry {
  return {
    item,
    cents: Math.round(Number(item.price) * 100),
    lowerName: item.name.toLowerCase(),
    lowerDescription: item.description.toLowerCase(),
  };
}

/** The first index whose entry does not sort before `entry` (binary search). */
function position(list: Entry[], entry: Entry, order: (a: Entry, b: Entry) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (order(list[mid], entry) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}
