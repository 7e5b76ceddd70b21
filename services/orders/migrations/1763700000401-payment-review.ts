import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An order is paid only at its own total (issue: a cheaper cart could lower the intent of an expensive order).
 * Orders remember the cart fingerprint their payment intent was checked against and what Stripe reported as
 * received; a success that does not match goes to `payment_review`. Recorded Stripe events keep the amount,
 * currency and cart a success reported, so an order created after its payment is checked the same way.
 */
export class PaymentReview1763700000401 implements MigrationInterface {
  name = 'PaymentReview1763700000401';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_status_check`);
    await q.query(`ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending_payment', 'paid', 'payment_failed', 'payment_review'))`);
    // Null for orders made before this migration: those are checked on amount and currency alone.
    await q.query(`ALTER TABLE orders ADD COLUMN cart_fingerprint text`);
    await q.query(`ALTER TABLE orders ADD COLUMN amount_received numeric(12,2) CHECK (amount_received >= 0)`);
    await q.query(`ALTER TABLE orders ADD COLUMN received_currency text`);
    // A paid order was paid exactly its total; the database refuses anything else.
    await q.query(`ALTER TABLE orders ADD CONSTRAINT orders_paid_at_total CHECK (status <> 'paid' OR amount_received IS NULL OR amount_received = total)`);
    await q.query(`ALTER TABLE stripe_events ADD COLUMN amount_received integer`);
    await q.query(`ALTER TABLE stripe_events ADD COLUMN currency text`);
    await q.query(`ALTER TABLE stripe_events ADD COLUMN cart_fingerprint text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE stripe_events DROP COLUMN cart_fingerprint, DROP COLUMN currency, DROP COLUMN amount_received`);
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_paid_at_total`);
    await q.query(`ALTER TABLE orders DROP COLUMN received_currency, DROP COLUMN amount_received, DROP COLUMN cart_fingerprint`);
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_status_check`);
    await q.query(`ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending_payment', 'paid', 'payment_failed'))`);
  }
}
