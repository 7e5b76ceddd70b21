import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EpisodeRenditions1763700000302 implements MigrationInterface {
  name = 'EpisodeRenditions1763700000302';

  async up(q: QueryRunner): Promise<void> {
    // The feed's copy of a WAV or WEBM upload (M4A or MP4), made by the renditions job; the site plays the original.
    await q.query(`ALTER TABLE podcast_episodes ADD COLUMN rendition_key text, ADD COLUMN rendition_size bigint, ADD COLUMN rendition_content_type text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE podcast_episodes DROP COLUMN rendition_key, DROP COLUMN rendition_size, DROP COLUMN rendition_content_type`);
  }
}
