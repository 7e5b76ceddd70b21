import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The steps of an order after it was placed and paid (shipments, refunds, cancellation, staff notes), one row each,
 * written in the transaction that takes the step. `placed` and `paid` are not stored here: the order's own columns
 * say when they happened. `data` holds the step's details as `OrderTimelineEntry` names them (libs/contracts).
 */
export class OrderTimeline1764100000450 implements MigrationInterface {
  name = 'OrderTimeline1764100000450';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE order_timeline (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('payment_failed', 'fulfilled', 'fulfilment_undone', 'delivered', 'refunded', 'refund_failed', 'cancelled', 'note')),
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        actor text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX order_timeline_order_idx ON order_timeline (order_id, created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE order_timeline`);
  }
}
