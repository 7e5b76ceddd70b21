import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Members run their own billing (ADR 0059). Dunning: when a renewal fails, `past_due_since` and `grace_ends_at` are set
 * once (a guarded update, so Stripe's repeated events start one grace period); the reminder and the cancellation at
 * the grace's end each claim their column once, so two workers never send two reminders or two staff alerts. Cancel
 * with a reason: the member's answer from the cancel dialog, kept for the admin's Marketshare tab.
 */
export class MemberBilling1764200000520 implements MigrationInterface {
  name = 'MemberBilling1764200000520';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE members
      ADD COLUMN past_due_since timestamptz,
      ADD COLUMN grace_ends_at timestamptz,
      ADD COLUMN dunning_reminded_at timestamptz,
      ADD COLUMN dunning_cancelled_at timestamptz,
      ADD COLUMN cancel_reason text CHECK (cancel_reason IN ('too_expensive', 'not_using_it', 'no_referrals', 'payment_trouble', 'other')),
      ADD COLUMN cancel_comment text CHECK (length(cancel_comment) <= 500),
      ADD COLUMN cancel_requested_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE members
      DROP COLUMN past_due_since, DROP COLUMN grace_ends_at, DROP COLUMN dunning_reminded_at, DROP COLUMN dunning_cancelled_at,
      DROP COLUMN cancel_reason, DROP COLUMN cancel_comment, DROP COLUMN cancel_requested_at`);
  }
}
