import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The prayer ministry (ADR 0042): a request's state and expiry, the sharing consent as agreed (what and when), the
 * moderator's decision, flags, the prayed count; one row per prayer (the team's, with who and a note, or a wall
 * visitor's), the wall's per-visitor 24-hour rule and flags, and the requester's digest (one row per address and day).
 * Rows that existed before have no recorded consent for the wall (their checkbox spoke of the team only), so they
 * never reach it; they start their 30 days now.
 */
export class PrayerMinistry1764100000600 implements MigrationInterface {
  name = 'PrayerMinistry1764100000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE prayer_requests
      ADD COLUMN state text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'praying', 'answered', 'closed')),
      ADD COLUMN share_name_as text NOT NULL DEFAULT 'anonymous' CHECK (share_name_as IN ('initial', 'anonymous')),
      ADD COLUMN sharing_consent text,
      ADD COLUMN sharing_consent_at timestamptz,
      ADD COLUMN sharing_withdrawn_at timestamptz,
      ADD COLUMN moderation text NOT NULL DEFAULT 'pending' CHECK (moderation IN ('pending', 'approved', 'rejected')),
      ADD COLUMN moderated_by text,
      ADD COLUMN moderated_at timestamptz,
      ADD COLUMN flagged_at timestamptz,
      ADD COLUMN flag_count integer NOT NULL DEFAULT 0,
      ADD COLUMN prayed_count integer NOT NULL DEFAULT 0 CHECK (prayed_count >= 0),
      ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '30 days',
      ADD COLUMN answer text,
      ADD COLUMN answered_at timestamptz,
      ADD COLUMN share_praise boolean NOT NULL DEFAULT false,
      ADD COLUMN taken_down_at timestamptz`);
    // The wall: approved, shared, unflagged, open requests, newest first.
    await q.query(`CREATE INDEX prayer_requests_wall_idx ON prayer_requests (created_at DESC, id DESC)
      WHERE allow_sharing AND sharing_consent_at IS NOT NULL AND moderation = 'approved' AND flagged_at IS NULL AND state IN ('new', 'praying')`);
    await q.query(`CREATE INDEX prayer_requests_email_idx ON prayer_requests (lower(email))`);

    // Every prayer: the team's (who, and perhaps a note) or a wall visitor's (no one named). The digest counts these.
    await q.query(`CREATE TABLE prayer_prayers (
      id bigserial PRIMARY KEY,
      request_id uuid NOT NULL REFERENCES prayer_requests (id) ON DELETE CASCADE,
      prayed_at timestamptz NOT NULL DEFAULT now(),
      from_wall boolean NOT NULL,
      by_user_id uuid,
      by_username text,
      note text CHECK (char_length(note) <= 2000),
      CHECK (from_wall OR by_user_id IS NOT NULL)
    )`);
    await q.query(`CREATE INDEX prayer_prayers_request_idx ON prayer_prayers (request_id, prayed_at DESC)`);
    // One row per request and visitor hash: the last time that visitor's prayer was counted (a rolling 24 hours).
    await q.query(`CREATE TABLE prayer_wall_visits (
      request_id uuid NOT NULL REFERENCES prayer_requests (id) ON DELETE CASCADE,
      visitor text NOT NULL,
      counted_at timestamptz NOT NULL,
      PRIMARY KEY (request_id, visitor)
    )`);
    await q.query(`CREATE TABLE prayer_wall_flags (
      request_id uuid NOT NULL REFERENCES prayer_requests (id) ON DELETE CASCADE,
      visitor text NOT NULL,
      flagged_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (request_id, visitor)
    )`);
    // The requester (one per address): the link's token, whether they want the digest, and one row per digest sent.
    await q.query(`CREATE TABLE prayer_requesters (
      email text PRIMARY KEY CHECK (email = lower(email)),
      token text NOT NULL UNIQUE,
      digest_unsubscribed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE prayer_digests (
      email text NOT NULL REFERENCES prayer_requesters (email) ON DELETE CASCADE,
      period date NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now(),
      prayed integer NOT NULL,
      PRIMARY KEY (email, period)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['prayer_digests', 'prayer_requesters', 'prayer_wall_flags', 'prayer_wall_visits', 'prayer_prayers'])
      await q.query(`DROP TABLE ${table}`);
    await q.query(`DROP INDEX prayer_requests_email_idx`);
    await q.query(`DROP INDEX prayer_requests_wall_idx`);
    await q.query(`ALTER TABLE prayer_requests
      DROP COLUMN state, DROP COLUMN share_name_as, DROP COLUMN sharing_consent, DROP COLUMN sharing_consent_at,
      DROP COLUMN sharing_withdrawn_at, DROP COLUMN moderation, DROP COLUMN moderated_by, DROP COLUMN moderated_at,
      DROP COLUMN flagged_at, DROP COLUMN flag_count, DROP COLUMN prayed_count, DROP COLUMN expires_at, DROP COLUMN answer,
      DROP COLUMN answered_at, DROP COLUMN share_praise, DROP COLUMN taken_down_at`);
  }
}
