import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ADR 0046: an episode's transcript: the uploaded format, the original's key in storage, and its cues. */
export class EpisodeTranscripts1764100000301 implements MigrationInterface {
  name = 'EpisodeTranscripts1764100000301';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE podcast_episodes ADD COLUMN transcript_format text, ADD COLUMN transcript_key text, ADD COLUMN transcript_cues jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE podcast_episodes DROP COLUMN transcript_format, DROP COLUMN transcript_key, DROP COLUMN transcript_cues`);
  }
}
