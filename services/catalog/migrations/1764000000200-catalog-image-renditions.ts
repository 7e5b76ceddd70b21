import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ADR 0021: the widths of the WEBP renditions stored beside each image; empty for images stored before them. */
export class CatalogImageRenditions1764000000200 implements MigrationInterface {
  name = 'CatalogImageRenditions1764000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog_items ADD COLUMN image_widths integer[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog_items DROP COLUMN image_widths`);
  }
}
