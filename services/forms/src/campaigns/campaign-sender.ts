import type { FeaturedBlock } from '@km/contracts/forms';
import { SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { JobQueue } from '@km/nest-kit/jobs';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { FormsConfig } from '../config';
import { campaignMail, type CampaignContent } from './campaign-mail';
import { CampaignsService } from './campaigns.service';

export const NEWSLETTER_QUEUE = 'newsletter-campaigns';
const SCHEDULER_ID = 'newsletter-batches';
/** How many queued recipients one batch asks the mail queue about. */
const RECONCILE_MAX = 2000;

/** The mail key of one recipient's copy: its job id, and so its Message-ID, whoever queues it and however often. */
export const recipientMailKey = (campaignId: string, recipientId: string) => `newsletter:${campaignId}:${recipientId}`;

interface Claimed {
  id: string;
  email: string;
  unsubscribe_token: string;
}

/**
 * Sends campaigns (ADR 0057). A BullMQ job scheduler fires a batch every `NEWSLETTER_BATCH_INTERVAL_MS`; any replica
 * may work it. Each batch starts the scheduled campaigns whose time came, then for each campaign being sent:
 * 1. marks `skipped` the recipients who unsubscribed or bounced since it started;
 * 2. claims up to `NEWSLETTER_BATCH_SIZE` pending recipients in one guarded update (`FOR UPDATE SKIP LOCKED`, so two
 *    workers claim different rows) and queues one email each on the shared mail queue under the recipient's own key;
 * 3. reads back from the mail queue what became of queued emails: `sent`, `failed` after the attempts, or missing
 *    (a worker died between its claim and the queueing, or Redis lost its data) and queued again under the same key,
 *    so the recipient still gets one copy with one Message-ID;
 * 4. ends the campaign once no recipient is pending or queued.
 */
@Injectable()
export class CampaignSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue<Record<string, never>>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly campaigns: CampaignsService,
    private readonly mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: FormsConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.jobs = new JobQueue(NEWSLETTER_QUEUE, config.mail.redisUrl, logger);
  }

  async onApplicationBootstrap() {
    const { batchIntervalMs, worker } = this.config.newsletter;
    await this.jobs.schedule(SCHEDULER_ID, { every: batchIntervalMs }, 'batch', { removeOnComplete: 100, removeOnFail: 100 });
    if (!worker) return;
    this.jobs.work(() => this.batch(), { concurrency: 1, failed: 'newsletter batch failed; the next batch carries on' });
  }

  onApplicationShutdown() {
    return this.jobs.close();
  }

  /** One batch over every campaign being sent. */
  async batch(): Promise<void> {
    await this.campaigns.startDue();
    const sending: { id: string }[] = await this.dataSource.query(`SELECT id FROM newsletter_campaigns WHERE status = 'sending' ORDER BY started_at, id`);
    for (const { id } of sending) await this.step(id);
  }

  private async step(campaignId: string): Promise<void> {
    const [campaign]: { subject: string; preheader: string; body_markdown: string; featured: FeaturedBlock | null }[] = await this.dataSource.query(
      `SELECT subject, preheader, body_markdown, featured FROM newsletter_campaigns WHERE id = $1`,
      [campaignId],
    );
    const content: CampaignContent = {
      subject: campaign.subject,
      preheader: campaign.preheader,
      bodyMarkdown: campaign.body_markdown,
      featured: campaign.featured,
    };
    await this.dataSource.query(
      `UPDATE newsletter_campaign_recipients r SET state = 'skipped', done_at = now()
       FROM newsletter_subscriptions s
       WHERE r.campaign_id = $1 AND r.state = 'pending' AND s.id = r.subscription_id
         AND (s.unsubscribed_at IS NOT NULL OR s.bounced_at IS NOT NULL OR s.confirmed_at IS NULL)`,
      [campaignId],
    );
    const [claimed]: [Claimed[], number] = await this.dataSource.query(
      `UPDATE newsletter_campaign_recipients r SET state = 'queued', queued_at = now()
       FROM newsletter_subscriptions s
       WHERE r.id IN (SELECT id FROM newsletter_campaign_recipients WHERE campaign_id = $1 AND state = 'pending' ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
         AND r.state = 'pending' AND s.id = r.subscription_id AND s.unsubscribed_at IS NULL AND s.bounced_at IS NULL
       RETURNING r.id, r.email, s.unsubscribe_token`,
      [campaignId, this.config.newsletter.batchSize],
    );
    await this.queue(campaignId, content, claimed);
    await this.reconcile(campaignId, content);
    const [finished]: [unknown[], number] = await this.dataSource.query(
      `UPDATE newsletter_campaigns SET status = 'sent', finished_at = now(), updated_at = now()
       WHERE id = $1 AND status = 'sending'
         AND NOT EXISTS (SELECT 1 FROM newsletter_campaign_recipients WHERE campaign_id = $1 AND state IN ('pending', 'queued'))
       RETURNING id`,
      [campaignId],
    );
    if (finished.length > 0) this.logger.info({ campaignId }, 'newsletter campaign sent');
  }

  private queue(campaignId: string, content: CampaignContent, recipients: Claimed[]) {
    return this.mail.sendMany(
      recipients.map((r) => ({ key: recipientMailKey(campaignId, r.id), mail: campaignMail(content, r.email, r.unsubscribe_token, this.config.publicOrigin) })),
      { attempts: this.config.newsletter.mailAttempts },
    );
  }

  /** Settles queued recipients from the mail queue's outcomes, and queues again those it never got. */
  private async reconcile(campaignId: string, content: CampaignContent): Promise<void> {
    const queued: (Claimed & { stale: boolean })[] = await this.dataSource.query(
      `SELECT r.id, r.email, s.unsubscribe_token, r.queued_at < now() - make_interval(secs => $2::numeric / 1000) AS stale
       FROM newsletter_campaign_recipients r JOIN newsletter_subscriptions s ON s.id = r.subscription_id
       WHERE r.campaign_id = $1 AND r.state = 'queued' ORDER BY r.id LIMIT $3`,
      [campaignId, this.config.newsletter.requeueAfterMs, RECONCILE_MAX],
    );
    if (queued.length === 0) return;
    const outcomes = await this.mail.outcomes(queued.map((r) => recipientMailKey(campaignId, r.id)));
    const sent: string[] = [];
    const failed: { id: string; error: string }[] = [];
    const lost: Claimed[] = [];
    for (const r of queued) {
      const outcome = outcomes.get(recipientMailKey(campaignId, r.id))!;
      if (outcome.state === 'sent') sent.push(r.id);
      else if (outcome.state === 'failed') failed.push({ id: r.id, error: outcome.error.slice(0, 500) });
      else if (outcome.state === 'missing' && r.stale) lost.push(r);
    }
    if (sent.length)
      await this.dataSource.query(`UPDATE newsletter_campaign_recipients SET state = 'sent', done_at = now() WHERE id = ANY($1) AND state = 'queued'`, [sent]);
    if (failed.length) {
      await this.dataSource.query(
        `UPDATE newsletter_campaign_recipients r SET state = 'failed', done_at = now(), error = f.error
         FROM unnest($1::bigint[], $2::text[]) AS f(id, error) WHERE r.id = f.id AND r.state = 'queued'`,
        [failed.map((f) => f.id), failed.map((f) => f.error)],
      );
    }
    if (lost.length) {
      this.logger.warn({ campaignId, recipients: lost.length }, 'newsletter emails missing from the mail queue; queued again under the same keys');
      await this.dataSource.query(`UPDATE newsletter_campaign_recipients SET queued_at = now() WHERE id = ANY($1) AND state = 'queued'`, [
        lost.map((r) => r.id),
      ]);
      await this.queue(campaignId, content, lost);
    }
  }
}
