import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Newsletter campaigns (ADR 0057): a campaign row, and one row per recipient (one per address, whatever lists it came
 * from) claimed by a guarded update before its email is queued under a key of its own, so a recipient gets one copy
 * whatever worker dies or runs twice.
 */
export class NewsletterCampaigns1764200000611 implements MigrationInterface {
  name = 'NewsletterCampaigns1764200000611';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE newsletter_campaigns (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      subject text NOT NULL,
      preheader text NOT NULL DEFAULT '',
      body_markdown text NOT NULL,
      audience text NOT NULL CHECK (audience IN ('all', 'members')),
      featured jsonb,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
      scheduled_at timestamptz,
      time_zone text,
      started_at timestamptz,
      finished_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (status <> 'scheduled' OR scheduled_at IS NOT NULL)
    )`);
    await q.query(`CREATE INDEX newsletter_campaigns_newest_idx ON newsletter_campaigns (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX newsletter_campaigns_due_idx ON newsletter_campaigns (scheduled_at) WHERE status = 'scheduled'`);
    await q.query(`CREATE TABLE newsletter_campaign_recipients (
      id bigserial PRIMARY KEY,
      campaign_id uuid NOT NULL REFERENCES newsletter_campaigns (id),
      subscription_id uuid NOT NULL REFERENCES newsletter_subscriptions (id),
      email text NOT NULL,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'queued', 'sent', 'failed', 'skipped')),
      queued_at timestamptz,
      done_at timestamptz,
      error text,
      UNIQUE (campaign_id, email)
    )`);
    await q.query(`CREATE INDEX newsletter_campaign_recipients_work_idx ON newsletter_campaign_recipients (campaign_id, state, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE newsletter_campaign_recipients`);
    await q.query(`DROP TABLE newsletter_campaigns`);
  }
}
