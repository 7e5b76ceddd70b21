import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMediaTables1763700000300 implements MigrationInterface {
  name = 'CreateMediaTables1763700000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE podcast_episodes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL,
      episode_number integer NOT NULL CHECK (episode_number > 0),
      description text NOT NULL,
      media_type text NOT NULL CHECK (media_type IN ('video', 'audio')),
      media_key text NOT NULL,
      media_size bigint NOT NULL CHECK (media_size > 0),
      media_content_type text NOT NULL,
      thumbnail_key text,
      tags text[] NOT NULL DEFAULT '{}',
      duration integer NOT NULL DEFAULT 0 CHECK (duration >= 0),
      views bigint NOT NULL DEFAULT 0,
      likes bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT podcast_episodes_episode_number_key UNIQUE (episode_number)
    )`);
    // Most Popular: views, then the newest episode.
    await q.query(`CREATE INDEX podcast_episodes_popular_idx ON podcast_episodes (views DESC, episode_number DESC)`);
    // One row per episode and visitor hash: the last time its play was counted (a rolling 24 hours).
    await q.query(`CREATE TABLE episode_views (
      episode_id uuid NOT NULL REFERENCES podcast_episodes (id) ON DELETE CASCADE,
      visitor text NOT NULL,
      counted_at timestamptz NOT NULL,
      PRIMARY KEY (episode_id, visitor)
    )`);
    await q.query(`CREATE TABLE podcast_subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      first_name text NOT NULL,
      last_name text,
      email text NOT NULL,
      phone text,
      preferred_format text NOT NULL CHECK (preferred_format IN ('email', 'sms', 'both')),
      interests text[] NOT NULL DEFAULT '{}',
      how_heard_about_us text,
      wants_newsletter boolean NOT NULL DEFAULT false,
      unsubscribe_token text NOT NULL UNIQUE,
      unsubscribed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX podcast_subscriptions_email_key ON podcast_subscriptions (lower(email))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE podcast_subscriptions`);
    await q.query(`DROP TABLE episode_views`);
    await q.query(`DROP TABLE podcast_episodes`);
  }
}
