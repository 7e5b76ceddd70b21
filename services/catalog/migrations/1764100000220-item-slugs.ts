import type { MigrationInterface, QueryRunner } from 'typeorm';
import { firstFree, slugOf } from '../src/items/slug';

/**
 * Items get an address name (`/products/{slug}`), unique per kind. Existing items get theirs from their names, the
 * oldest first, so the first item with a name keeps the bare slug.
 */
export class ItemSlugs1764100000220 implements MigrationInterface {
  name = 'ItemSlugs1764100000220';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog_items ADD COLUMN slug text`);
    const rows: { id: string; kind: string; name: string }[] = await q.query(`SELECT id, kind, name FROM catalog_items ORDER BY created_at, id`);
    const taken = new Map<string, Set<string>>();
    const slugs = rows.map((row) => {
      const ofKind = taken.get(row.kind) ?? new Set<string>();
      taken.set(row.kind, ofKind);
      const slug = firstFree(slugOf(row.name), ofKind);
      ofKind.add(slug);
      return slug;
    });
    await q.query(`UPDATE catalog_items c SET slug = v.slug FROM unnest($1::uuid[], $2::text[]) AS v(id, slug) WHERE c.id = v.id`, [
      rows.map((row) => row.id),
      slugs,
    ]);
    await q.query(`ALTER TABLE catalog_items ALTER COLUMN slug SET NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX catalog_items_slug_idx ON catalog_items (kind, slug)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog_items DROP COLUMN slug`);
  }
}
