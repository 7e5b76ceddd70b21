import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Earnings as membership credit (ADR 0062): a member chooses where payouts go, transfers to their bank (the default)
 * or credit on their own Stripe customer balance, which Stripe applies to their next $5 invoices. A payout keeps the
 * method of the request its current key was sent with (`method`, fixed before the request and cleared once the key is
 * spent), so a member who changes their choice while a request's answer is unknown can never be paid twice; a payout
 * paid as credit keeps the balance transaction's id.
 */
export class MembershipCredit1764200000501 implements MigrationInterface {
  name = 'MembershipCredit1764200000501';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE members ADD COLUMN earnings_destination text NOT NULL DEFAULT 'transfer'
      CHECK (earnings_destination IN ('transfer', 'membership_credit'))`);
    await q.query(`ALTER TABLE payouts
      ADD COLUMN method text CHECK (method IN ('transfer', 'membership_credit')),
      ADD COLUMN credit_id text UNIQUE`);
    // Payouts transferred before this change were transfers.
    await q.query(`UPDATE payouts SET method = 'transfer' WHERE status = 'paid'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payouts DROP COLUMN credit_id, DROP COLUMN method`);
    await q.query(`ALTER TABLE members DROP COLUMN earnings_destination`);
  }
}
