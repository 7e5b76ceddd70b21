import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0053: podcast search ranks by the title alone. `title_search` is a small tsvector of the title, stored inline
 * with the row, so ranking the matches reads no show notes out of TOAST; whether the notes say the words is decided
 * by `search_text`'s GIN index, and the notes themselves are read only for the hits shown.
 */
export class EpisodeTitleSearch1764200000310 implements MigrationInterface {
  name = 'EpisodeTitleSearch1764200000310';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE podcast_episodes ADD COLUMN title_search tsvector GENERATED ALWAYS AS (to_tsvector('english', title)) STORED`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE podcast_episodes DROP COLUMN title_search`);
  }
}
