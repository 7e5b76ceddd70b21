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
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The catalog's ORDER BYs (services/catalog/src/items/list-order.ts), each ending in the id so no two items tie.
 * created_at compares at the millisecond the API carries; Postgres keeps microseconds, so two items made in the same
 * millisecond by separate statements may order by id here and by microsecond there (ADR 0017).
 */
const ORDER: Record<Sort, (a: Entry, b: Entry) => number> = {
  featured: (a, b) => Number(b.item.featured) - Number(a.item.featured) || cmp(b.item.createdAt, a.item.createdAt) || cmp(b.item.id, a.item.id),
  newest: (a, b) => cmp(b.item.createdAt, a.item.createdAt) || cmp(b.item.id, a.item.id),
  'price-asc': (a, b) => a.cents - b.cents || cmp(a.item.id, b.item.id),
  'price-desc': (a, b) => b.cents - a.cents || cmp(b.item.id, a.item.id),
  name: (a, b) => cmp(a.lowerName, b.lowerName) || cmp(a.item.id, b.item.id),
};

/** A small least-recently-used map: a hit moves the key to the end, an insert past `max` drops the oldest. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
  clear() {
    this.map.clear();
  }
}

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
  /** Ids deleted since the last full load: an answer about one that arrives late must not bring it back. */
  private readonly deleted = new Set<string>();
  private readonly sorted = new Map<string, Entry[]>();
  private readonly filtered = new Lru<Entry[]>(500);
  private readonly pages = new Lru<Answer>(5000);

  constructor(items: CatalogItem[] = []) {
    this.replaceAll(items);
  }

  get size() {
    return this.entries.size;
  }

  /** Starts over from a full read of the catalog. */
  replaceAll(items: CatalogItem[]) {
    this.entries.clear();
    this.deleted.clear();
    for (const item of items) this.entries.set(item.id, entryOf(item));
    for (const kind of KINDS) {
      const ofKind = [...this.entries.values()].filter((e) => e.item.kind === kind);
      for (const sort of SORTS) this.sorted.set(`${kind}|${sort}`, [...ofKind].sort(ORDER[sort]));
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
    for (const sort of SORTS) {
      const list = this.sorted.get(`${item.kind}|${sort}`)!;
      list.splice(position(list, entry, ORDER[sort]), 0, entry);
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

  /** One item's answer, or undefined when the kind has no item with that id. */
  item(kind: ItemKind, id: string): Answer | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.item.kind !== kind) return undefined;
    return (entry.answer ??= answerOf(entry.item));
  }

  /** The newest featured item of the kind (ARCHITECTURE §10), or undefined when none is featured. */
  featured(kind: ItemKind): Answer | undefined {
    const first = this.sorted.get(`${kind}|featured`)![0];
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
    const all = this.sorted.get(`${kind}|${sort}`)!;
    if (!category && !q) return all;
    const key = `${kind}|${sort}|${category}|${q}`;
    let found = this.filtered.get(key);
    if (!found) {
      found = all.filter((e) => (!category || e.item.category === category) && (!q || e.lowerName.includes(q) || e.lowerDescription.includes(q)));
      this.filtered.set(key, found);
    }
    return found;
  }

  private unlink(entry: Entry) {
    for (const sort of SORTS) {
      const list = this.sorted.get(`${entry.item.kind}|${sort}`)!;
      const at = position(list, entry, ORDER[sort]);
      const index = list[at] === entry ? at : list.indexOf(entry);
      if (index >= 0) list.splice(index, 1);
    }
  }

  private changed() {
    this.filtered.clear();
    this.pages.clear();
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
