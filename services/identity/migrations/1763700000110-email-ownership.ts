import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0026: an email carries an account only once its owner proved it. Users gain `email_verified_at`;
 * one-time links serve three purposes (member sign-in, email verification, and attaching a paid membership to the
 * account that already had its email) and carry a six-digit code for when the link opens in another browser.
 */
export class EmailOwnership1763700000110 implements MigrationInterface {
  name = 'EmailOwnership1763700000110';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN email_verified_at timestamptz`);
    // Proved before this change: admins (made from configuration or by an admin) and users who opened a mailed link.
    await q.query(`UPDATE users SET email_verified_at = now() WHERE email IS NOT NULL AND (is_admin
      OR EXISTS (SELECT 1 FROM member_sign_in_links l WHERE l.user_id = users.id AND l.used_at IS NOT NULL))`);
    await q.query(`ALTER TABLE member_sign_in_links
      ADD COLUMN purpose text NOT NULL DEFAULT 'sign_in' CHECK (purpose IN ('sign_in', 'verify_email')),
      ADD COLUMN attach_member_id uuid,
      ADD COLUMN code_hash text,
      ADD COLUMN code_attempts int NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX member_sign_in_links_open_idx ON member_sign_in_links (user_id, created_at DESC) WHERE used_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX member_sign_in_links_open_idx`);
    await q.query(`ALTER TABLE member_sign_in_links DROP COLUMN purpose, DROP COLUMN attach_member_id, DROP COLUMN code_hash, DROP COLUMN code_attempts`);
    await q.query(`ALTER TABLE users DROP COLUMN email_verified_at`);
  }
}
