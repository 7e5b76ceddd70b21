import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff roles short of admin (ADR 0043): `prayer_team` sees the prayer area and nothing else. A list, so a role can be
 * added later without a column each; only known roles may be stored.
 */
export class StaffRoles1764100000120 implements MigrationInterface {
  name = 'StaffRoles1764100000120';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN roles text[] NOT NULL DEFAULT '{}' CHECK (roles <@ ARRAY['prayer_team']::text[])`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN roles`);
  }
}
