import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The digest says how many *people* prayed (ADR 0042): a wall prayer now keeps the visitor's hash, as the team's
 * keep the member's id, so one visitor praying on two days, or a team member praying twice, is one person. Older wall
 * prayers have none and count one person each.
 */
export class PrayersByPerson1764200000600 implements MigrationInterface {
  name = 'PrayersByPerson1764200000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE prayer_prayers ADD COLUMN visitor text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE prayer_prayers DROP COLUMN visitor`);
  }
}
