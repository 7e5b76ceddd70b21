import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What staff do with an order after it is placed (ADR 0034, 0035): refunds asked of Stripe (a row per request,
 * inserted before Stripe is called, so its id is the idempotency key), shipments, cancellation; the order's money
 * status gains `partially_refunded`, `refunded` and `cancelled`, and its shipping state is a field of its own.
 */
export class RefundsFulfilmentCancel1764100000460 implements MigrationInterface {
  name = 'RefundsFulfilmentCancel1764100000460';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_status_check`);
    await q.query(
      `ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending_payment', 'paid', 'payment_failed', 'payment_review', 'partially_refunded', 'refunded', 'cancelled'))`,
    );
    await q.query(`
      ALTER TABLE orders
        ADD COLUMN fulfilment_status text NOT NULL DEFAULT 'unfulfilled'
          CHECK (fulfilment_status IN ('unfulfilled', 'partially_fulfilled', 'fulfilled', 'not_required')),
        ADD COLUMN charge_id text,
        ADD COLUMN card_brand text,
        ADD COLUMN card_last4 text,
        ADD COLUMN cancelled_at timestamptz`);
    // Services and digital items need no shipping: the kind is copied from the catalog when the order is placed.
    await q.query(`
      ALTER TABLE order_lines
        ADD COLUMN requires_shipping boolean NOT NULL DEFAULT true,
        ADD COLUMN quantity_fulfilled integer NOT NULL DEFAULT 0 CHECK (quantity_fulfilled >= 0),
        ADD COLUMN quantity_refunded integer NOT NULL DEFAULT 0 CHECK (quantity_refunded >= 0),
        ADD CONSTRAINT order_lines_refunded_at_most_ordered CHECK (quantity_refunded <= quantity),
        ADD CONSTRAINT order_lines_fulfilled_at_most_ordered CHECK (quantity_fulfilled <= quantity)`);
    await q.query(`
      CREATE TABLE refunds (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        amount numeric(12,2) NOT NULL CHECK (amount > 0),
        reason text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        stripe_refund_id text UNIQUE,
        failure text,
        lines jsonb NOT NULL DEFAULT '[]'::jsonb,
        cause text NOT NULL DEFAULT 'refund' CHECK (cause IN ('refund', 'cancel')),
        actor text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX refunds_order_idx ON refunds (order_id, created_at)`);
    await q.query(`CREATE INDEX refunds_pending_idx ON refunds (created_at) WHERE status = 'pending'`);
    await q.query(`
      CREATE TABLE fulfilments (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'shipped' CHECK (status IN ('shipped', 'delivered', 'undone')),
        carrier text NOT NULL CHECK (carrier IN ('usps', 'ups', 'fedex', 'dhl', 'other')),
        tracking_number text,
        tracking_url text,
        lines jsonb NOT NULL,
        actor text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX fulfilments_order_idx ON fulfilments (order_id, created_at)`);
    // The abandoned-payment sweep reads unpaid orders by age.
    await q.query(`CREATE INDEX orders_unpaid_idx ON orders (created_at) WHERE status IN ('pending_payment', 'payment_failed')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders_unpaid_idx`);
    await q.query(`DROP TABLE fulfilments`);
    await q.query(`DROP TABLE refunds`);
    await q.query(`
      ALTER TABLE order_lines DROP CONSTRAINT order_lines_fulfilled_at_most_ordered, DROP CONSTRAINT order_lines_refunded_at_most_ordered,
        DROP COLUMN quantity_refunded, DROP COLUMN quantity_fulfilled, DROP COLUMN requires_shipping`);
    await q.query(
      `ALTER TABLE orders DROP COLUMN cancelled_at, DROP COLUMN card_last4, DROP COLUMN card_brand, DROP COLUMN charge_id, DROP COLUMN fulfilment_status`,
    );
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_status_check`);
    await q.query(`ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending_payment', 'paid', 'payment_failed', 'payment_review'))`);
  }
}
