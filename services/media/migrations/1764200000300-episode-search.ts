import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0053: podcast search in Postgres. The database keeps what is searched in step with what is stored:
 * - `search_text`: title (weight A) and description, the show notes (weight B), a generated column;
 * - `transcript_search`: every line of the transcript as one document, a generated column, to find the episodes;
 * - `episode_transcript_lines`: one row per transcript line with its start time and its own tsvector, written by a
 *   trigger whenever `transcript_cues` changes, so a hit knows the line and the moment it is said.
 */
export class EpisodeSearch1764200000300 implements MigrationInterface {
  name = 'EpisodeSearch1764200000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE podcast_episodes
        ADD COLUMN search_text tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B')
        ) STORED,
        ADD COLUMN transcript_search tsvector GENERATED ALWAYS AS (to_tsvector('english', coalesce(transcript_cues, '[]'::jsonb))) STORED`);
    await q.query(`CREATE INDEX podcast_episodes_search_text_idx ON podcast_episodes USING gin (search_text)`);
    await q.query(`CREATE INDEX podcast_episodes_transcript_search_idx ON podcast_episodes USING gin (transcript_search)`);
    await q.query(`
      CREATE TABLE episode_transcript_lines (
        episode_id uuid NOT NULL REFERENCES podcast_episodes (id) ON DELETE CASCADE,
        position integer NOT NULL,
        start_time double precision NOT NULL,
        text text NOT NULL,
        search tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED,
        PRIMARY KEY (episode_id, position)
      )`);
    await q.query(`
      CREATE FUNCTION episode_transcript_lines_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM episode_transcript_lines WHERE episode_id = NEW.id;
        INSERT INTO episode_transcript_lines (episode_id, position, start_time, text)
          SELECT NEW.id, (cue.ordinal - 1)::integer, (cue.value ->> 'start')::double precision, cue.value ->> 'text'
          FROM jsonb_array_elements(coalesce(NEW.transcript_cues, '[]'::jsonb)) WITH ORDINALITY AS cue (value, ordinal);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER episode_transcript_lines_on_insert AFTER INSERT ON podcast_episodes
        FOR EACH ROW WHEN (NEW.transcript_cues IS NOT NULL) EXECUTE FUNCTION episode_transcript_lines_sync()`);
    await q.query(`
      CREATE TRIGGER episode_transcript_lines_on_update AFTER UPDATE OF transcript_cues ON podcast_episodes
        FOR EACH ROW WHEN (OLD.transcript_cues IS DISTINCT FROM NEW.transcript_cues) EXECUTE FUNCTION episode_transcript_lines_sync()`);
    // The transcripts already stored.
    await q.query(`
      INSERT INTO episode_transcript_lines (episode_id, position, start_time, text)
      SELECT e.id, (cue.ordinal - 1)::integer, (cue.value ->> 'start')::double precision, cue.value ->> 'text'
      FROM podcast_episodes e, jsonb_array_elements(e.transcript_cues) WITH ORDINALITY AS cue (value, ordinal)
      WHERE e.transcript_cues IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER episode_transcript_lines_on_update ON podcast_episodes`);
    await q.query(`DROP TRIGGER episode_transcript_lines_on_insert ON podcast_episodes`);
    await q.query(`DROP FUNCTION episode_transcript_lines_sync()`);
    await q.query(`DROP TABLE episode_transcript_lines`);
    await q.query(`ALTER TABLE podcast_episodes DROP COLUMN transcript_search, DROP COLUMN search_text`);
  }
}
