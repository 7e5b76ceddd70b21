import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Double opt-in for the newsletter (ADR 0055): where each address came from, when its owner confirmed it, when it
 * bounced, and a log of every consent step kept as evidence. Addresses subscribed before this change keep receiving
 * the newsletter as legacy consent: they were welcomed with an unsubscribe link in every email since.
 */
export class NewsletterConsent1764200000610 implements MigrationInterface {
  name = 'NewsletterConsent1764200000610';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE newsletter_subscriptions
      ADD COLUMN source text NOT NULL DEFAULT 'legacy' CHECK (source IN ('legacy', 'footer', 'contact', 'podcast')),
      ADD COLUMN confirmed_at timestamptz,
      ADD COLUMN bounced_at timestamptz`);
    await q.query(`UPDATE newsletter_subscriptions SET confirmed_at = subscribed_at`);
    await q.query(`ALTER TABLE newsletter_subscriptions ALTER COLUMN source DROP DEFAULT`);
    await q.query(`CREATE TABLE newsletter_consent_log (
      id bigserial PRIMARY KEY,
      subscription_id uuid NOT NULL REFERENCES newsletter_subscriptions (id),
      email text NOT NULL,
      step text NOT NULL CHECK (step IN ('requested', 'confirmed', 'unsubscribed', 'bounced', 'legacy')),
      source text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX newsletter_consent_log_subscription_idx ON newsletter_consent_log (subscription_id, at)`);
    await q.query(`INSERT INTO newsletter_consent_log (subscription_id, email, step, source, at)
      SELECT id, email, 'legacy', 'legacy', subscribed_at FROM newsletter_subscriptions`);
    // The campaign audience reads the confirmed, still subscribed, never bounced addresses.
    await q.query(`CREATE INDEX newsletter_subscriptions_sendable_idx ON newsletter_subscriptions (email)
      WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL AND bounced_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE newsletter_consent_log`);
    await q.query(`DROP INDEX newsletter_subscriptions_sendable_idx`);
    await q.query(`ALTER TABLE newsletter_subscriptions DROP COLUMN source, DROP COLUMN confirmed_at, DROP COLUMN bounced_at`);
  }
}
