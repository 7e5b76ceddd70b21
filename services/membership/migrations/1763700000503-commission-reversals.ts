import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A refunded or disputed first payment takes the referrer's commission back (ADR 0016). Before its payout
 * the commission becomes `reversed` (never paid). After it, money already paid is never edited: one negative
 * `commission_reversals` row per commission (unique) is netted against the member's next payouts, whose `deducted`
 * records how much of the debt each one settled, so the debt still open is `-sum(reversals) - sum(deducted)`.
 */
export class CommissionReversals1763700000503 implements MigrationInterface {
  name = 'CommissionReversals1763700000503';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE commissions DROP CONSTRAINT commissions_status_check`);
    await q.query(`ALTER TABLE commissions ADD CONSTRAINT commissions_status_check CHECK (status IN ('pending', 'paid', 'reversed'))`);
    await q.query(`ALTER TABLE commissions ADD COLUMN reversed_at timestamptz`);
    // The subscription whose first payment earned the commission: a refund names its payment, not the member, and a
    // member who rejoins has another subscription by then.
    await q.query(`ALTER TABLE commissions ADD COLUMN earned_by_subscription_id text`);
    await q.query(`UPDATE commissions c SET earned_by_subscription_id = m.stripe_subscription_id
      FROM referrals r JOIN members m ON m.id = r.referred_id WHERE r.id = c.referral_id`);
    await q.query(`CREATE INDEX commissions_earned_by_idx ON commissions (earned_by_subscription_id)`);
    await q.query(`CREATE TABLE commission_reversals (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      member_id uuid NOT NULL REFERENCES members(id),
      commission_id uuid NOT NULL UNIQUE REFERENCES commissions(id),
      amount numeric(12,2) NOT NULL CHECK (amount < 0),
      reason text NOT NULL CHECK (reason IN ('refund', 'dispute')),
      stripe_event_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX commission_reversals_member_idx ON commission_reversals (member_id)`);
    // A payout nets the open debt: gross is what its commissions earned, deducted what it settled, amount what is paid.
    await q.query(`ALTER TABLE payouts ADD COLUMN gross numeric(12,2)`);
    await q.query(`ALTER TABLE payouts ADD COLUMN deducted numeric(12,2) NOT NULL DEFAULT 0 CHECK (deducted >= 0)`);
    await q.query(`UPDATE payouts SET gross = amount`);
    await q.query(`ALTER TABLE payouts ALTER COLUMN gross SET NOT NULL`);
    await q.query(`ALTER TABLE payouts DROP CONSTRAINT payouts_amount_check`);
    await q.query(`ALTER TABLE payouts ADD CONSTRAINT payouts_amount_check CHECK (amount >= 0 AND amount = gross - deducted)`);
    await q.query(`CREATE INDEX payouts_member_idx ON payouts (member_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX payouts_member_idx`);
    await q.query(`ALTER TABLE payouts DROP CONSTRAINT payouts_amount_check`);
    await q.query(`ALTER TABLE payouts ADD CONSTRAINT payouts_amount_check CHECK (amount > 0)`);
    await q.query(`ALTER TABLE payouts DROP COLUMN deducted`);
    await q.query(`ALTER TABLE payouts DROP COLUMN gross`);
    await q.query(`DROP TABLE commission_reversals`);
    await q.query(`ALTER TABLE commissions DROP COLUMN earned_by_subscription_id`);
    await q.query(`ALTER TABLE commissions DROP COLUMN reversed_at`);
    await q.query(`ALTER TABLE commissions DROP CONSTRAINT commissions_status_check`);
    await q.query(`ALTER TABLE commissions ADD CONSTRAINT commissions_status_check CHECK (status IN ('pending', 'paid'))`);
  }
}
