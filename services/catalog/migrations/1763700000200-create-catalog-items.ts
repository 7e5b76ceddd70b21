import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCatalogItems1763700000200 implements MigrationInterface {
  name = 'CreateCatalogItems1763700000200';

  async up(q: QueryRunner): Promise<void> {
    // Trigram indexes make the store's "contains" search (ILIKE '%…%') an index scan instead of a table scan.
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE TABLE catalog_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('product', 'service')),
      name text NOT NULL,
      price numeric(12,2) NOT NULL CHECK (price >= 0),
      description text NOT NULL,
      category text NOT NULL,
      tags text[] NOT NULL DEFAULT '{}',
      image_key text,
      in_stock boolean NOT NULL DEFAULT true,
      featured boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    // One index per order the store asks for, each ending in id so pages never repeat or skip an item.
    await q.query(`CREATE INDEX catalog_items_newest_idx ON catalog_items (kind, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX catalog_items_category_idx ON catalog_items (kind, category, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX catalog_items_featured_idx ON catalog_items (kind, featured DESC, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX catalog_items_price_idx ON catalog_items (kind, price, id)`);
    await q.query(`CREATE INDEX catalog_items_name_idx ON catalog_items (kind, lower(name), id)`);
    await q.query(`CREATE INDEX catalog_items_name_trgm_idx ON catalog_items USING gin (name gin_trgm_ops)`);
    await q.query(`CREATE INDEX catalog_items_description_trgm_idx ON catalog_items USING gin (description gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE catalog_items`);
  }
}
