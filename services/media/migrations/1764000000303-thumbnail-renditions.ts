import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ADR 0021: the widths of the WEBP renditions stored beside each thumbnail; empty for thumbnails stored before them. */
export class ThumbnailRenditions1764000000303 implements MigrationInterface {
  name = 'ThumbnailRenditions1764000000303';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE podcast_episodes ADD COLUMN thumbnail_widths integer[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE podcast_episodes DROP COLUMN thumbnail_widths`);
  }
}
