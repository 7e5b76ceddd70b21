import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EpisodeDownloads1763700000301 implements MigrationInterface {
  name = 'EpisodeDownloads1763700000301';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE podcast_episodes ADD COLUMN downloads bigint NOT NULL DEFAULT 0`);
    // One row per episode and visitor hash: which blocks of the file it was sent in its current 24-hour window,
    // and the request that completed a counted download in that window (null until one did).
    await q.query(`CREATE TABLE episode_downloads (
      episode_id uuid NOT NULL REFERENCES podcast_episodes (id) ON DELETE CASCADE,
      visitor text NOT NULL,
      window_started_at timestamptz NOT NULL,
      covered bit varying NOT NULL,
      counted_by uuid,
      PRIMARY KEY (episode_id, visitor)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE episode_downloads`);
    await q.query(`ALTER TABLE podcast_episodes DROP COLUMN downloads`);
  }
}
