import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0029 (ASVS 5.0 level 2, V6/V7): sessions end after a spell of inactivity as well as at their absolute expiry;
 * admins sign in with a second factor (TOTP, RFC 6238) and hold single-use recovery codes; a password that passed
 * waits as a short-lived pending sign-in until the second factor completes it.
 */
export class SessionIdleAndAdminTotp1763700000200 implements MigrationInterface {
  name = 'SessionIdleAndAdminTotp1763700000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now()`);
    // secret: the confirmed one (null until the first valid code); pending_secret: one being enrolled.
    // last_step: the RFC 6238 time step of the last accepted code, so that code (and older ones) cannot be replayed.
    await q.query(`CREATE TABLE admin_totp (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      secret text,
      pending_secret text,
      enabled_at timestamptz,
      last_step bigint,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE totp_recovery_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz
    )`);
    await q.query(`CREATE INDEX totp_recovery_codes_user_idx ON totp_recovery_codes (user_id)`);
    await q.query(`CREATE TABLE pending_logins (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('totp', 'totp-enrolment')),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
    await q.query(`CREATE INDEX pending_logins_user_idx ON pending_logins (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE pending_logins`);
    await q.query(`DROP TABLE totp_recovery_codes`);
    await q.query(`DROP TABLE admin_totp`);
    await q.query(`ALTER TABLE sessions DROP COLUMN last_seen_at`);
  }
}
