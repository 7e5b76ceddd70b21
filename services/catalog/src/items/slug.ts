import type { EntityManager } from 'typeorm';
import { slugOf, type ItemKind } from '@km/contracts';

// One slug rule for every address (ADR 0045): items and podcast episodes.
export { slugOf };

/** The first of `base`, `base-2`, `base-3`, … that `taken` does not hold. */
export function firstFree(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * A slug for a new item of `kind` named `name`, unique among the kind's items. Decided under a transaction-level lock
 * on the base slug, so two items created at once with the same name get `name` and `name-2`, never a unique-index error.
 * A slug is given once, at creation, and kept when the item is renamed: a shared link never breaks.
 */
export async function uniqueSlug(manager: EntityManager, kind: ItemKind, name: string): Promise<string> {
  const base = slugOf(name);
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`catalog-slug:${kind}:${base}`]);
  const rows: { slug: string }[] = await manager.query(`SELECT slug FROM catalog_items WHERE kind = $1 AND (slug = $2 OR slug LIKE $3)`, [
    kind,
    base,
    `${base.replace(/[\\%_]/g, '\\$&')}-%`,
  ]);
  return firstFree(base, new Set(rows.map((r) => r.slug)));
}
