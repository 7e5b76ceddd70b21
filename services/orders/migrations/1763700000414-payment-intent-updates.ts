import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order's Stripe retrieve runs before the payment intent's lock, not under it. What it read is still
 * true under the lock unless this service changed the intent in between, and this service changes an intent's amount
 * only under that lock, after writing a row here (committed on its own, so a refused request's rollback keeps it).
 * An intent with a row is read again under the lock.
 */
export class PaymentIntentUpdates1763700000414 implements MigrationInterface {
  name = 'PaymentIntentUpdates1763700000414';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE payment_intent_updates (
      payment_intent_id text PRIMARY KEY,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_intent_updates`);
  }
}
