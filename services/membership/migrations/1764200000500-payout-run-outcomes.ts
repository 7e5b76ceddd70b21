import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin's run view counts each run's payouts by transfer state and held reason (ADR 0061): an index on
 * (month, status, held_reason) answers those counts without reading the payouts. The yearly earnings statement reads
 * a member's transferred payouts: the unique (member_id, month) index already serves it.
 */
export class PayoutRunOutcomes1764200000500 implements MigrationInterface {
  name = 'PayoutRunOutcomes1764200000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX payouts_month_status_idx ON payouts (month, status, held_reason)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX payouts_month_status_idx`);
  }
}
