import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Marketshare members sign in as users without a password, by one-time links mailed to them (ADR 0015). */
export class MemberUsersAndLinks1763700000101 implements MigrationInterface {
  name = 'MemberUsersAndLinks1763700000101';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN member_id uuid UNIQUE`);
    await q.query(`CREATE TABLE member_sign_in_links (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
    await q.query(`CREATE INDEX member_sign_in_links_user_idx ON member_sign_in_links (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE member_sign_in_links`);
    await q.query(`ALTER TABLE users DROP COLUMN member_id`);
  }
}
