import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payouts that move money (ADR 0048). A member's Stripe Connect account (one per member, made once) with the state
 * Stripe last reported; a payout's transfer state: `scheduled` (to transfer), `paid` (transferred), `held` (with a
 * reason a person can read), the attempt whose key the next transfer request uses, and each transfer made for it.
 * Payouts written before this migration were settled by hand from the CSV: they are `paid` without a transfer.
 */
export class PayoutTransfers1764100000520 implements MigrationInterface {
  name = 'PayoutTransfers1764100000520';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE payout_accounts (
      member_id uuid PRIMARY KEY REFERENCES members(id),
      stripe_account_id text NOT NULL UNIQUE,
      status text NOT NULL DEFAULT 'onboarding' CHECK (status IN ('onboarding', 'active', 'restricted')),
      currently_due text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`ALTER TABLE payouts
      ADD COLUMN status text NOT NULL DEFAULT 'paid' CHECK (status IN ('scheduled', 'paid', 'held')),
      ADD COLUMN held_reason text CHECK (held_reason IN ('no_account', 'below_minimum', 'restricted', 'transfer_failed')),
      ADD COLUMN held_detail text,
      ADD COLUMN attempt integer NOT NULL DEFAULT 0,
      ADD COLUMN transfer_id text,
      ADD COLUMN transferred numeric(12,2) NOT NULL DEFAULT 0,
      ADD COLUMN paid_at timestamptz`);
    await q.query(`UPDATE payouts SET transferred = amount`);
    await q.query(`ALTER TABLE payouts ALTER COLUMN status SET DEFAULT 'scheduled', ALTER COLUMN transferred SET DEFAULT 0`);
    await q.query(`CREATE INDEX payouts_due_idx ON payouts (id) WHERE status IN ('scheduled', 'held')`);
    await q.query(`CREATE TABLE payout_transfers (
      transfer_id text PRIMARY KEY,
      payout_id uuid NOT NULL REFERENCES payouts(id),
      idempotency_key text NOT NULL UNIQUE,
      amount numeric(12,2) NOT NULL CHECK (amount > 0),
      reversed numeric(12,2) NOT NULL DEFAULT 0 CHECK (reversed >= 0 AND reversed <= amount),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX payout_transfers_payout_idx ON payout_transfers (payout_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payout_transfers`);
    await q.query(`DROP INDEX payouts_due_idx`);
    await q.query(`ALTER TABLE payouts DROP COLUMN status, DROP COLUMN held_reason, DROP COLUMN held_detail, DROP COLUMN attempt,
      DROP COLUMN transfer_id, DROP COLUMN transferred, DROP COLUMN paid_at`);
    await q.query(`DROP TABLE payout_accounts`);
  }
}
