import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Store refunds. Stripe's `charge.refunded` carries the charge's whole refunded sum so far; the order keeps
 * the largest one seen, so a redelivered or older event changes nothing and each increase is published once as
 * `orders.order.refunded` (membership nets it out of the profit-bonus revenue, ADR 0018).
 */
export class Refunds1763700000403 implements MigrationInterface {
  name = 'Refunds1763700000403';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN amount_refunded numeric(12,2) NOT NULL DEFAULT 0 CHECK (amount_refunded >= 0)`);
    await q.query(`ALTER TABLE stripe_events ADD COLUMN amount_refunded integer`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE stripe_events DROP COLUMN amount_refunded`);
    await q.query(`ALTER TABLE orders DROP COLUMN amount_refunded`);
  }
}
