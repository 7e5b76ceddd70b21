import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0016: monthly payouts on the 15th, exactly once. A run per month is claimed first (its primary key); a payout is
 * one row per member per month (unique); commissions point at the payout that paid them. Mail is swept from
 * `mailed_at IS NULL`, so a run that stopped after paying and before mailing mails on its next start.
 */
export class Payouts1763700000502 implements MigrationInterface {
  name = 'Payouts1763700000502';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE payout_runs (
      month text PRIMARY KEY CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      status text NOT NULL CHECK (status IN ('running', 'completed')),
      payout_date date NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      member_count integer,
      total numeric(12,2)
    )`);
    await q.query(`CREATE TABLE payouts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      member_id uuid NOT NULL REFERENCES members(id),
      month text NOT NULL REFERENCES payout_runs(month),
      amount numeric(12,2) NOT NULL CHECK (amount > 0),
      payout_date date NOT NULL,
      mailed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, month)
    )`);
    await q.query(`CREATE INDEX payouts_unmailed_idx ON payouts (month, id) WHERE mailed_at IS NULL`);
    await q.query(`ALTER TABLE commissions ADD COLUMN payout_id uuid REFERENCES payouts(id)`);
    await q.query(`CREATE INDEX commissions_due_idx ON commissions (member_id, payout_month) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX commissions_due_idx`);
    await q.query(`ALTER TABLE commissions DROP COLUMN payout_id`);
    await q.query(`DROP TABLE payouts`);
    await q.query(`DROP TABLE payout_runs`);
  }
}
