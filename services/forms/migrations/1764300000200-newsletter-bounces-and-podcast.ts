import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bounces, the podcast audience and episode announcements (ADR 0072):
 * - `newsletter_bounces`: an address a receiving server refused for good (5xx), never sent to again in any audience;
 * - recipients may come from the podcast's list (media's subscribers, with media's unsubscribe token) and so have no
 *   newsletter subscription; a recipient remembers whether its failure was a bounce;
 * - a campaign may announce an episode: at most one campaign per episode (a unique key), however often the event comes.
 */
export class NewsletterBouncesAndPodcast1764300000200 implements MigrationInterface {
  name = 'NewsletterBouncesAndPodcast1764300000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE newsletter_bounces (
      email text PRIMARY KEY CHECK (email = lower(email)),
      code int NOT NULL,
      reason text NOT NULL,
      bounced_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`ALTER TABLE newsletter_campaigns DROP CONSTRAINT newsletter_campaigns_audience_check`);
    await q.query(`ALTER TABLE newsletter_campaigns ADD CONSTRAINT newsletter_campaigns_audience_check CHECK (audience IN ('all', 'members', 'podcast'))`);
    await q.query(`ALTER TABLE newsletter_campaigns ADD COLUMN episode_id uuid UNIQUE`);
    await q.query(`ALTER TABLE newsletter_campaign_recipients ALTER COLUMN subscription_id DROP NOT NULL`);
    await q.query(`ALTER TABLE newsletter_campaign_recipients ADD COLUMN list text NOT NULL DEFAULT 'newsletter' CHECK (list IN ('newsletter', 'podcast'))`);
    await q.query(`ALTER TABLE newsletter_campaign_recipients ADD COLUMN unsubscribe_token text`);
    await q.query(`ALTER TABLE newsletter_campaign_recipients ADD COLUMN bounced boolean NOT NULL DEFAULT false`);
    await q.query(
      `ALTER TABLE newsletter_campaign_recipients ADD CONSTRAINT newsletter_campaign_recipients_origin_check
       CHECK ((list = 'newsletter' AND subscription_id IS NOT NULL) OR (list = 'podcast' AND unsubscribe_token IS NOT NULL))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE newsletter_campaign_recipients DROP CONSTRAINT newsletter_campaign_recipients_origin_check`);
    await q.query(`DELETE FROM newsletter_campaign_recipients WHERE list = 'podcast'`);
    await q.query(`ALTER TABLE newsletter_campaign_recipients DROP COLUMN bounced, DROP COLUMN unsubscribe_token, DROP COLUMN list`);
    await q.query(`ALTER TABLE newsletter_campaign_recipients ALTER COLUMN subscription_id SET NOT NULL`);
    await q.query(`ALTER TABLE newsletter_campaigns DROP COLUMN episode_id`);
    await q.query(`DELETE FROM newsletter_campaign_recipients WHERE campaign_id IN (SELECT id FROM newsletter_campaigns WHERE audience = 'podcast')`);
    await q.query(`DELETE FROM newsletter_campaigns WHERE audience = 'podcast'`);
    await q.query(`ALTER TABLE newsletter_campaigns DROP CONSTRAINT newsletter_campaigns_audience_check`);
    await q.query(`ALTER TABLE newsletter_campaigns ADD CONSTRAINT newsletter_campaigns_audience_check CHECK (audience IN ('all', 'members'))`);
    await q.query(`DROP TABLE newsletter_bounces`);
  }
}
