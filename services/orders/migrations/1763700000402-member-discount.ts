import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An active Marketshare member gets 5 % off the subtotal (ADR 0016). The order keeps the discount it was
 * priced with and the member who got it, so `orders.order.paid` can carry both to membership's Member Savings.
 */
export class MemberDiscount1763700000402 implements MigrationInterface {
  name = 'MemberDiscount1763700000402';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN member_discount numeric(12,2) NOT NULL DEFAULT 0 CHECK (member_discount >= 0)`);
    await q.query(`ALTER TABLE orders ADD COLUMN member_id uuid`);
    // A discount always belongs to a member, and what is charged is the discounted sum.
    await q.query(`ALTER TABLE orders ADD CONSTRAINT orders_discount_member CHECK (member_discount = 0 OR member_id IS NOT NULL)`);
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_total_check`);
    await q.query(`ALTER TABLE orders ADD CONSTRAINT orders_total_check CHECK (total = subtotal - member_discount + tax + shipping)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_total_check, DROP CONSTRAINT orders_discount_member`);
    await q.query(`ALTER TABLE orders ADD CONSTRAINT orders_total_check CHECK (total = subtotal + tax + shipping)`);
    await q.query(`ALTER TABLE orders DROP COLUMN member_id, DROP COLUMN member_discount`);
  }
}
