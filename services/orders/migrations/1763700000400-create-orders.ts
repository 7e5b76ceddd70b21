import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateOrders1763700000400 implements MigrationInterface {
  name = 'CreateOrders1763700000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE orders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_number text NOT NULL CONSTRAINT orders_order_number_key UNIQUE
        CONSTRAINT orders_order_number_format CHECK (order_number ~ '^KM-[0-9A-HJKMNP-TV-Z]{8}$'),
      -- One order per payment intent: repeating POST /api/orders, even concurrently, finds the same order.
      payment_intent_id text NOT NULL CONSTRAINT orders_payment_intent_id_key UNIQUE,
      status text NOT NULL DEFAULT 'pending_payment'
        CONSTRAINT orders_status_check CHECK (status IN ('pending_payment', 'paid', 'payment_failed')),
      customer_email text NOT NULL,
      customer_name text NOT NULL,
      customer_phone text,
      shipping_address text NOT NULL,
      billing_address text NOT NULL,
      subtotal numeric(12,2) NOT NULL CHECK (subtotal >= 0),
      tax numeric(12,2) NOT NULL CHECK (tax >= 0),
      shipping numeric(12,2) NOT NULL CHECK (shipping >= 0),
      total numeric(12,2) NOT NULL CONSTRAINT orders_total_check CHECK (total = subtotal + tax + shipping),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      paid_at timestamptz
    )`);
    // The admin list: newest first.
    await q.query(`CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC)`);
    await q.query(`CREATE TABLE order_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      position integer NOT NULL,
      product_id uuid NOT NULL,
      product_name text NOT NULL,
      unit_price numeric(12,2) NOT NULL CHECK (unit_price >= 0),
      quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
      line_total numeric(12,2) NOT NULL CONSTRAINT order_lines_total_check CHECK (line_total = unit_price * quantity),
      UNIQUE (order_id, position)
    )`);
    // Stripe events we acted on, keyed by Stripe's event id so a redelivery changes nothing. Events for a payment
    // intent whose order does not exist yet wait here; creating that order applies them.
    await q.query(`CREATE TABLE stripe_events (
      event_id text PRIMARY KEY,
      type text NOT NULL,
      payment_intent_id text NOT NULL,
      stripe_created_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX stripe_events_payment_intent_idx ON stripe_events (payment_intent_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stripe_events`);
    await q.query(`DROP TABLE order_lines`);
    await q.query(`DROP TABLE orders`);
  }
}
