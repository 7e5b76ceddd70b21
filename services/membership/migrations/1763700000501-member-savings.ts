import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0016: Member Savings is the sum of a member's discounts on paid orders. Membership learns them from
 * `orders.order.paid` (never from the orders database); the order id makes a redelivered event count once.
 */
export class MemberSavings1763700000501 implements MigrationInterface {
  name = 'MemberSavings1763700000501';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE member_savings (
      order_id uuid PRIMARY KEY,
      member_id uuid NOT NULL REFERENCES members(id),
      order_number text NOT NULL,
      discount numeric(12,2) NOT NULL CHECK (discount > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX member_savings_member_idx ON member_savings (member_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE member_savings`);
  }
}
