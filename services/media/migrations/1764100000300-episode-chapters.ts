import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ADR 0046: an episode's chapters (start time, title, optional link) in order; empty for every episode stored before. */
export class EpisodeChapters1764100000300 implements MigrationInterface {
  name = 'EpisodeChapters1764100000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE podcast_episodes ADD COLUMN chapters jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE podcast_episodes DROP COLUMN chapters`);
  }
}
