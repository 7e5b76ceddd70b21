import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0052: admins manage staff. An invitation is a one-time link like those of ADR 0026 (purpose `staff_invitation`)
 * whose holder sets the account's first password; a removed staff account is disabled (`disabled_at`) rather than
 * deleted, so the names on what it did (prayers, notes) stay, and it can never sign in or hold a session again.
 */
export class StaffInvitations1764200000100 implements MigrationInterface {
  name = 'StaffInvitations1764200000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN disabled_at timestamptz`);
    await q.query(`ALTER TABLE member_sign_in_links DROP CONSTRAINT member_sign_in_links_purpose_check`);
    await q.query(
      `ALTER TABLE member_sign_in_links ADD CONSTRAINT member_sign_in_links_purpose_check CHECK (purpose IN ('sign_in', 'verify_email', 'staff_invitation'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM member_sign_in_links WHERE purpose = 'staff_invitation'`);
    await q.query(`ALTER TABLE member_sign_in_links DROP CONSTRAINT member_sign_in_links_purpose_check`);
    await q.query(`ALTER TABLE member_sign_in_links ADD CONSTRAINT member_sign_in_links_purpose_check CHECK (purpose IN ('sign_in', 'verify_email'))`);
    await q.query(`ALTER TABLE users DROP COLUMN disabled_at`);
  }
}
