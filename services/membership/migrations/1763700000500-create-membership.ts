import type { MigrationInterface, QueryRunner } from 'typeorm';

const STATUSES = `'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'`;

export class CreateMembership1763700000500 implements MigrationInterface {
  name = 'CreateMembership1763700000500';

  async up(q: QueryRunner): Promise<void> {
    // One Stripe customer per email, kept from the payment step so a retried or abandoned signup reuses it.
    await q.query(`CREATE TABLE signups (
      email text PRIMARY KEY,
      stripe_customer_id text UNIQUE,
      pending_subscription_id text,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE members (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text NOT NULL UNIQUE,
      phone text,
      stripe_customer_id text NOT NULL,
      stripe_subscription_id text NOT NULL UNIQUE,
      subscription_status text NOT NULL CHECK (subscription_status IN (${STATUSES})),
      current_period_end timestamptz,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      member_since timestamptz NOT NULL DEFAULT now(),
      referral_code text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE referrals (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      referrer_id uuid NOT NULL REFERENCES members(id),
      referred_id uuid NOT NULL UNIQUE REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (referrer_id <> referred_id)
    )`);
    await q.query(`CREATE INDEX referrals_referrer_idx ON referrals (referrer_id, created_at DESC)`);
    await q.query(`CREATE TABLE commissions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      member_id uuid NOT NULL REFERENCES members(id),
      referral_id uuid NOT NULL UNIQUE REFERENCES referrals(id),
      amount numeric(12,2) NOT NULL CHECK (amount > 0),
      payout_month text NOT NULL CHECK (payout_month ~ '^[0-9]{4}-[0-9]{2}$'),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid')),
      payout_date date,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX commissions_member_idx ON commissions (member_id, created_at DESC)`);
    await q.query(`CREATE TABLE profit_bonuses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      member_id uuid NOT NULL REFERENCES members(id),
      amount numeric(12,2) NOT NULL CHECK (amount > 0),
      bonus_period text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid')),
      payout_date date,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, bonus_period)
    )`);
    // Stripe events acted on: the id makes a redelivery a no-op.
    await q.query(`CREATE TABLE stripe_events (
      event_id text PRIMARY KEY,
      type text NOT NULL,
      subscription_id text,
      stripe_created_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['stripe_events', 'profit_bonuses', 'commissions', 'referrals', 'members', 'signups']) await q.query(`DROP TABLE ${table}`);
  }
}
