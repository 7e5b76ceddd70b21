import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stock that cannot oversell (ADR 0032). `stock_quantity` is what a tracked product has available to sell now (null:
 * not tracked); a reservation takes from it in one guarded statement and gives back what it held when it is released.
 * A sale, a restock and an admin's change are movements; `low_stock_alerted` remembers that staff were told of the
 * current crossing of the threshold.
 */
export class Stock1764100000200 implements MigrationInterface {
  name = 'Stock1764100000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog_items
      ADD COLUMN stock_quantity integer CHECK (stock_quantity >= 0),
      ADD COLUMN low_stock_alerted boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE TABLE stock_reservations (
      payment_intent_id text NOT NULL,
      product_id uuid NOT NULL,
      quantity integer NOT NULL CHECK (quantity > 0),
      state text NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'sold', 'released')),
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (payment_intent_id, product_id)
    )`);
    await q.query(`CREATE INDEX stock_reservations_held_expiry ON stock_reservations (expires_at) WHERE state = 'held'`);
    await q.query(`CREATE TABLE stock_movements (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      product_id uuid NOT NULL,
      reason text NOT NULL CHECK (reason IN ('sale', 'refund_restock', 'cancel_restock', 'manual', 'tracking_started', 'tracking_stopped')),
      delta integer NOT NULL,
      quantity_after integer,
      actor text,
      order_number text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX stock_movements_product ON stock_movements (product_id, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stock_movements`);
    await q.query(`DROP TABLE stock_reservations`);
    await q.query(`ALTER TABLE catalog_items DROP COLUMN stock_quantity, DROP COLUMN low_stock_alerted`);
  }
}
