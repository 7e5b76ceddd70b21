import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Email me when it's back" (ADR 0050): one row per address waiting for a product, claimed (`notified_at`) by the one
 * mail it gets when the product comes back. `token` is the random secret of the row's unsubscribe link; an address
 * that unsubscribes has every row deleted. A deleted product takes its rows with it.
 */
export class BackInStock1764200000200 implements MigrationInterface {
  name = 'BackInStock1764200000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE back_in_stock_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      product_id uuid NOT NULL REFERENCES catalog_items (id) ON DELETE CASCADE,
      email text NOT NULL,
      token text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      notified_at timestamptz,
      UNIQUE (product_id, email)
    )`);
    await q.query(`CREATE INDEX back_in_stock_waiting ON back_in_stock_requests (product_id, created_at) WHERE notified_at IS NULL`);
    await q.query(`CREATE INDEX back_in_stock_email ON back_in_stock_requests (email)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE back_in_stock_requests`);
  }
}
