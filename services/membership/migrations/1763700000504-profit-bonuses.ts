import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Profit bonuses every six months (ADR 0018). Store revenue is learnt from `orders.order.paid` (one row per
 * order id, so a redelivery counts once) and kept with the half-year it was paid in. A bonus period is claimed first
 * (its primary key) and decided in one transaction; `profit_bonuses` is unique per (member, period) already.
 */
export class ProfitBonuses1763700000504 implements MigrationInterface {
  name = 'ProfitBonuses1763700000504';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE store_revenue (
      order_id uuid PRIMARY KEY,
      bonus_period text NOT NULL CHECK (bonus_period ~ '^[0-9]{4}-H[12]$'),
      amount numeric(12,2) NOT NULL CHECK (amount >= 0),
      paid_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX store_revenue_period_idx ON store_revenue (bonus_period)`);
    await q.query(`CREATE TABLE profit_bonus_periods (
      period text PRIMARY KEY CHECK (period ~ '^[0-9]{4}-H[12]$'),
      status text NOT NULL CHECK (status IN ('running', 'completed')),
      payout_date date NOT NULL,
      share_bps integer NOT NULL,
      revenue numeric(12,2),
      pool numeric(12,2),
      member_count integer,
      total numeric(12,2),
      started_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    )`);
    await q.query(`ALTER TABLE profit_bonuses ADD COLUMN referrals integer`);
    await q.query(`ALTER TABLE profit_bonuses ADD COLUMN mailed_at timestamptz`);
    await q.query(`CREATE INDEX profit_bonuses_unmailed_idx ON profit_bonuses (bonus_period, id) WHERE mailed_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX profit_bonuses_unmailed_idx`);
    await q.query(`ALTER TABLE profit_bonuses DROP COLUMN mailed_at`);
    await q.query(`ALTER TABLE profit_bonuses DROP COLUMN referrals`);
    await q.query(`DROP TABLE profit_bonus_periods`);
    await q.query(`DROP TABLE store_revenue`);
  }
}
