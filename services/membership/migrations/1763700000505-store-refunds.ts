import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Profit bonuses are shared from the half-year's store revenue net of refunds (ADR 0018). Each
 * `orders.order.refunded` is one row, named by the order and the refunded sum it brought the order to (that sum only
 * grows, so a redelivery counts once), kept with the half-year the refund happened in: a refund lowers the period it
 * falls in and never rewrites a period already paid.
 */
export class StoreRefunds1763700000505 implements MigrationInterface {
  name = 'StoreRefunds1763700000505';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE store_refunds (
      order_id uuid NOT NULL,
      refunded_total numeric(12,2) NOT NULL,
      bonus_period text NOT NULL CHECK (bonus_period ~ '^[0-9]{4}-H[12]$'),
      amount numeric(12,2) NOT NULL CHECK (amount > 0),
      refunded_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (order_id, refunded_total)
    )`);
    await q.query(`CREATE INDEX store_refunds_period_idx ON store_refunds (bonus_period)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE store_refunds`);
  }
}
