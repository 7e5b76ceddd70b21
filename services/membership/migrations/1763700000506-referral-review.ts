import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0028: a commission that looks like self-referral is `held` until an admin approves it
 * (it becomes `pending`) or reverses it (never paid). The payout run pays only `pending`, so a held one is never paid.
 * The cards each member paid with are kept by Stripe fingerprint, and every change of a member's subscription status is
 * recorded (by trigger, whichever code path writes it) so the profit-bonus split can ask who was active on a given day.
 */
export class ReferralReview1763700000506 implements MigrationInterface {
  name = 'ReferralReview1763700000506';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE commissions DROP CONSTRAINT commissions_status_check`);
    await q.query(`ALTER TABLE commissions ADD CONSTRAINT commissions_status_check CHECK (status IN ('pending', 'held', 'paid', 'reversed'))`);
    await q.query(`ALTER TABLE commissions ADD COLUMN hold_reason text
      CHECK (hold_reason IN ('same_card_as_referrer', 'same_card_as_referred_member', 'same_email_as_referrer'))`);
    await q.query(`ALTER TABLE commissions ADD COLUMN held_at timestamptz`);
    await q.query(`ALTER TABLE commissions ADD COLUMN review_decision text CHECK (review_decision IN ('approved', 'reversed'))`);
    await q.query(`ALTER TABLE commissions ADD COLUMN reviewed_at timestamptz`);
    await q.query(`ALTER TABLE commissions ADD CONSTRAINT commissions_held_reason_check CHECK (status <> 'held' OR hold_reason IS NOT NULL)`);
    await q.query(`CREATE INDEX commissions_held_idx ON commissions (held_at, id) WHERE status = 'held'`);

    await q.query(`CREATE TABLE member_cards (
      member_id uuid NOT NULL REFERENCES members(id),
      fingerprint text NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, fingerprint)
    )`);
    await q.query(`CREATE INDEX member_cards_fingerprint_idx ON member_cards (fingerprint)`);

    await q.query(`CREATE TABLE member_status_changes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id uuid NOT NULL REFERENCES members(id),
      previous_status text,
      status text NOT NULL,
      changed_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX member_status_changes_member_idx ON member_status_changes (member_id, changed_at)`);
    await q.query(`CREATE FUNCTION record_member_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR NEW.subscription_status IS DISTINCT FROM OLD.subscription_status THEN
          INSERT INTO member_status_changes (member_id, previous_status, status)
          VALUES (NEW.id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.subscription_status END, NEW.subscription_status);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER members_status_changes AFTER INSERT OR UPDATE OF subscription_status ON members
      FOR EACH ROW EXECUTE FUNCTION record_member_status_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER members_status_changes ON members`);
    await q.query(`DROP FUNCTION record_member_status_change()`);
    await q.query(`DROP TABLE member_status_changes`);
    await q.query(`DROP TABLE member_cards`);
    await q.query(`UPDATE commissions SET status = 'pending' WHERE status = 'held'`);
    await q.query(`DROP INDEX commissions_held_idx`);
    await q.query(`ALTER TABLE commissions DROP CONSTRAINT commissions_held_reason_check`);
    for (const column of ['reviewed_at', 'review_decision', 'held_at', 'hold_reason']) await q.query(`ALTER TABLE commissions DROP COLUMN ${column}`);
    await q.query(`ALTER TABLE commissions DROP CONSTRAINT commissions_status_check`);
    await q.query(`ALTER TABLE commissions ADD CONSTRAINT commissions_status_check CHECK (status IN ('pending', 'paid', 'reversed'))`);
  }
}
