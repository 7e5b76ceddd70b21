import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A member's order history, newest first (ADR 0037), read by member id without scanning every order. */
export class MemberOrdersIndex1764100000470 implements MigrationInterface {
  name = 'MemberOrdersIndex1764100000470';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX orders_member_created_idx ON orders (member_id, created_at DESC, id DESC) WHERE member_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders_member_created_idx`);
  }
}
