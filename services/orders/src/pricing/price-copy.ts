import type { CatalogItem } from '@km/contracts';

/** What pricing needs of a catalog item; `kind` tells whether its order line ships (a service does not, ADR 0034). */
export type PriceFacts = Pick<CatalogItem, 'id' | 'name' | 'price' | 'inStock' | 'kind'> & { stockQuantity?: number | null };

/** `stockQuantity` only says whether stock is tracked: its count is the catalog's to decide (ADR 0032). */
export const priceFacts = ({ id, name, price, inStock, kind, stockQuantity }: PriceFacts): PriceFacts => ({
  id,
  name,
  price,
  inStock,
  kind,
  ...(stockQuantity === undefined ? {} : { stockQuantity }),
});

/**
 * This replica's copy of the catalog's prices and stock (ADR 0022), and the items the catalog has announced a change
 * to that the copy has not fetched yet. A changed item is never priced from the copy: it is asked of the catalog
 * until its fresh row is in, so a change counts from the moment its event arrives, not from the fetch after it.
 */
export class PriceCopy {
  private items = new Map<string, PriceFacts>();
  /** Changed items not fetched since, with the number of their latest change (a fetch older than that is not enough). */
  private readonly changed = new Map<string, number>();
  private changes = 0;

  /** Everything the catalog holds, as loaded; items changed meanwhile stay marked and are fetched again. */
  replace(items: PriceFacts[]) {
    this.items = new Map(items.map((item) => [item.id, priceFacts(item)]));
  }

  /** The catalog announced a change (created, updated or deleted) to this item. */
  markChanged(id: string) {
    this.changes += 1;
    this.changed.set(id, this.changes);
  }

  /** Up to `max` changed items to fetch, each with the number of its latest change. */
  toFetch(max: number): [id: string, change: number][] {
    return [...this.changed].slice(0, max);
  }

  /**
   * Applies a fetch of `asked` (the catalog's answer `found`; ids it left out are gone). An item changed again while the
   * fetch was under way keeps its mark: the answer may predate that change.
   */
  applyFetched(asked: [id: string, change: number][], found: PriceFacts[]) {
    const byId = new Map(found.map((item) => [item.id, item]));
    for (const [id, change] of asked) {
      if (this.changed.get(id) !== change) continue;
      const item = byId.get(id);
      if (item) this.items.set(id, priceFacts(item));
      else this.items.delete(id);
      this.changed.delete(id);
    }
  }

  /** What the copy can answer for these ids, and the ids to ask the catalog about (unknown here, or changed). */
  lookup(ids: string[]): { known: Map<string, PriceFacts>; ask: string[] } {
    const known = new Map<string, PriceFacts>();
    const ask: string[] = [];
    for (const id of ids) {
      const item = this.changed.has(id) ? undefined : this.items.get(id);
      if (item) known.set(id, item);
      else ask.push(id);
    }
    return { known, ask };
  }

  get pendingChanges(): number {
    return this.changed.size;
  }

  get size(): number {
    return this.items.size;
  }
}
