import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Podcast analytics (ADR 0071): plays and downloads per episode per UTC day, and downloads per listening app per day,
 * each raised by the statement that raises the episode's counter. Counts made before this migration cannot be spread
 * over days: each episode's are kept as its baseline, so baseline + every day's count = the counter, to the unit.
 */
export class EpisodeDailyCounts1764300000100 implements MigrationInterface {
  name = 'EpisodeDailyCounts1764300000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE episode_daily_counts (
      episode_id uuid NOT NULL REFERENCES podcast_episodes (id) ON DELETE CASCADE,
      day date NOT NULL,
      plays bigint NOT NULL DEFAULT 0,
      downloads bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (episode_id, day)
    )`);
    await q.query(`CREATE INDEX episode_daily_counts_day ON episode_daily_counts (day, episode_id)`);
    await q.query(`CREATE TABLE episode_app_downloads (
      episode_id uuid NOT NULL REFERENCES podcast_episodes (id) ON DELETE CASCADE,
      day date NOT NULL,
      app text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('app', 'bot', 'library', 'browser', 'unknown')),
      downloads bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (episode_id, day, app)
    )`);
    await q.query(`CREATE INDEX episode_app_downloads_day ON episode_app_downloads (day)`);
    await q.query(`CREATE TABLE episode_count_baselines (
      episode_id uuid PRIMARY KEY REFERENCES podcast_episodes (id) ON DELETE CASCADE,
      plays bigint NOT NULL,
      downloads bigint NOT NULL,
      taken_on date NOT NULL
    )`);
    // Under the episodes' row locks, so no play or download counted meanwhile is in neither the baseline nor a day.
    await q.query(`INSERT INTO episode_count_baselines (episode_id, plays, downloads, taken_on)
      SELECT id, views, downloads, (now() AT TIME ZONE 'UTC')::date FROM podcast_episodes
      WHERE views > 0 OR downloads > 0 FOR UPDATE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE episode_count_baselines`);
    await q.query(`DROP TABLE episode_app_downloads`);
    await q.query(`DROP TABLE episode_daily_counts`);
  }
}
