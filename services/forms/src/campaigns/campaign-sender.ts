import type { FeaturedBlock } from '@km/contracts/forms';
import { MediaSubjects } from '@km/contracts/media';
import { RpcClient, SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { JobQueue } from '@km/nest-kit/jobs';
import { MailService, PERMANENT_FAILURE } from '@km/nest-kit/mail';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { FormsConfig } from '../config';
import { campaignMail, type CampaignContent, type CampaignList } from './campaign-mail';
import { logConsent } from '../newsletter/newsletter.service';
import { CampaignsService } from './campaigns.service';

export const NEWSLETTER_QUEUE = 'newsletter-campaigns';
const SCHEDULER_ID = 'newsletter-batches';
/** How many queued recipients one batch asks the mail queue about, at most, oldest first in chunks of RECONCILE_CHUNK. */
const RECONCILE_MAX = 2000;
const RECONCILE_CHUNK = 250;

/** The mail key of one recipient's copy: its job id, and so its Message-ID, whoever queues it and however often. */
export const recipientMailKey = (campaignId: string, recipientId: string) => `newsletter:${campaignId}:${recipientId}`;

interface Claimed {
  id: string;
  email: string;
  list: CampaignList;
  unsubscribe_token: string;
}

/** A recipient's unsubscribe token: its own (the podcast list's, ADR 0072) or its newsletter subscription's. */
const TOKEN = `COALESCE(r.unsubscribe_token, (SELECT s.unsubscribe_token FROM newsletter_subscriptions s WHERE s.id = r.subscription_id))`;
/** The server's reply code in a permanent failure's reason (`permanent SMTP failure: 550 …`). */
const smtpCode = (error: string) => Number(error.slice(PERMANENT_FAILURE.length, PERMANENT_FAILURE.length + 3)) || 550;
const BOUNCED = `EXISTS (SELECT 1 FROM newsletter_bounces b WHERE b.email = r.email)`;

/**
 * Sends campaigns (ADR 0057). A BullMQ job scheduler fires a batch every `NEWSLETTER_BATCH_INTERVAL_MS`; any replica
 * may work it. Each batch starts the scheduled campaigns whose time came, then for each campaign being sent:
 * 1. marks `skipped` the recipients who unsubscribed or bounced since it started (a bounce in any list, ADR 0072), and
 *    the podcast list's recipients of the coming claim whose address media says left that list meanwhile;
 * 2. claims up to `NEWSLETTER_BATCH_SIZE` pending recipients in one guarded update (`FOR UPDATE SKIP LOCKED`, so two
 *    workers claim different rows) and queues one email each on the shared mail queue under the recipient's own key;
 * 3. reads back from the mail queue what became of queued emails: `sent`, `failed` after the attempts, or missing
 *    (a worker died between its claim and the queueing, or Redis lost its data) and queued again under the same key,
 *    so the recipient still gets one copy with one Message-ID; a permanent refusal (5xx) bounces the address (ADR 0072);
 * 4. ends the campaign once no recipient is pending or queued.
 */
@Injectable()
export class CampaignSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue<Record<string, never>>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly campaigns: CampaignsService,
    private readonly mail: MailService,
    private readonly rpc: RpcClient,
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
       WHERE r.campaign_id = $1 AND r.state = 'pending'
         AND (${BOUNCED} OR EXISTS (SELECT 1 FROM newsletter_subscriptions s WHERE s.id = r.subscription_id
           AND (s.unsubscribed_at IS NOT NULL OR s.bounced_at IS NOT NULL OR s.confirmed_at IS NULL)))`,
      [campaignId],
    );
    await this.skipLeftPodcastList(campaignId);
    const [claimed]: [Claimed[], number] = await this.dataSource.query(
      `UPDATE newsletter_campaign_recipients r SET state = 'queued', queued_at = now()
       WHERE r.id IN (SELECT id FROM newsletter_campaign_recipients WHERE campaign_id = $1 AND state = 'pending' ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
         AND r.state = 'pending' AND NOT ${BOUNCED}
         AND (r.subscription_id IS NULL OR EXISTS (SELECT 1 FROM newsletter_subscriptions s WHERE s.id = r.subscription_id
           AND s.unsubscribed_at IS NULL AND s.bounced_at IS NULL))
       RETURNING r.id, r.email, r.list, ${TOKEN} AS unsubscribe_token`,
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

  /**
   * The podcast list is media's (ADR 0072): an address that unsubscribed there after the announcement began is asked
   * about just before its claim, and skipped. When media does not answer, the batch fails before it claims anything,
   * so nobody who may have left is sent to; the next batch asks again.
   */
  private async skipLeftPodcastList(campaignId: string): Promise<void> {
    const coming: { id: string; token: string }[] = await this.dataSource.query(
      `SELECT id, unsubscribe_token AS token FROM newsletter_campaign_recipients
       WHERE campaign_id = $1 AND state = 'pending' AND list = 'podcast' ORDER BY id LIMIT $2`,
      [campaignId, this.config.newsletter.batchSize],
    );
    if (coming.length === 0) return;
    const { tokens } = await this.rpc.send(MediaSubjects.subscriptionsStillSubscribed, { tokens: coming.map((r) => r.token) }, 15_000);
    const still = new Set(tokens);
    const left = coming.filter((r) => !still.has(r.token)).map((r) => r.id);
    if (left.length === 0) return;
    await this.dataSource.query(`UPDATE newsletter_campaign_recipients SET state = 'skipped', done_at = now() WHERE id = ANY($1) AND state = 'pending'`, [
      left,
    ]);
    this.logger.info({ campaignId, recipients: left.length }, 'podcast-list recipients who unsubscribed since the announcement began are skipped');
  }

  private queue(campaignId: string, content: CampaignContent, recipients: Claimed[]) {
    return this.mail.sendMany(
      recipients.map((r) => ({
        key: recipientMailKey(campaignId, r.id),
        mail: campaignMail(content, r.email, r.unsubscribe_token, this.config.publicOrigin, r.list),
      })),
      { attempts: this.config.newsletter.mailAttempts },
    );
  }

  /**
   * Records failed recipients with their reasons; a permanent refusal (a 5xx, ADR 0072) also bounces the address in
   * every list: it joins `newsletter_bounces`, and its newsletter subscription is marked bounced with a consent step.
   */
  private async fail(failed: { id: string; email: string; error: string; permanent: boolean }[]): Promise<void> {
    const bounced = failed.filter((f) => f.permanent);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE newsletter_campaign_recipients r SET state = 'failed', done_at = now(), error = f.error, bounced = f.permanent
         FROM unnest($1::bigint[], $2::text[], $3::boolean[]) AS f(id, error, permanent) WHERE r.id = f.id AND r.state = 'queued'`,
        [failed.map((f) => f.id), failed.map((f) => f.error), failed.map((f) => f.permanent)],
      );
      if (bounced.length === 0) return;
      await manager.query(
        `INSERT INTO newsletter_bounces (email, code, reason)
         SELECT * FROM unnest($1::text[], $2::int[], $3::text[]) ON CONFLICT (email) DO NOTHING`,
        [bounced.map((f) => f.email), bounced.map((f) => smtpCode(f.error)), bounced.map((f) => f.error)],
      );
      const [marked]: [{ id: string }[], number] = await manager.query(
        `UPDATE newsletter_subscriptions SET bounced_at = now() WHERE email = ANY($1) AND bounced_at IS NULL RETURNING id`,
        [bounced.map((f) => f.email)],
      );
      for (const { id } of marked) await logConsent(manager, id, 'bounced');
    });
    if (bounced.length) this.logger.warn({ addresses: bounced.length }, 'newsletter addresses bounced; never sent to again');
  }

  /** Settles queued recipients from the mail queue's outcomes, and queues again those it never got. */
  private async reconcile(campaignId: string, content: CampaignContent): Promise<void> {
    const queued: (Claimed & { stale: boolean })[] = await this.dataSource.query(
      `SELECT r.id, r.email, r.list, ${TOKEN} AS unsubscribe_token, r.queued_at < now() - make_interval(secs => $2::numeric / 1000) AS stale
       FROM newsletter_campaign_recipients r
       WHERE r.campaign_id = $1 AND r.state = 'queued' ORDER BY r.id LIMIT $3`,
      [campaignId, this.config.newsletter.requeueAfterMs, RECONCILE_MAX],
    );
    const sent: string[] = [];
    const failed: { id: string; email: string; error: string; permanent: boolean }[] = [];
    const lost: Claimed[] = [];
    for (let start = 0; start < queued.length; start += RECONCILE_CHUNK) {
      const chunk = queued.slice(start, start + RECONCILE_CHUNK);
      const outcomes = await this.mail.outcomes(chunk.map((r) => recipientMailKey(campaignId, r.id)));
      const settledBefore = sent.length + failed.length + lost.length;
      for (const r of chunk) {
        const outcome = outcomes.get(recipientMailKey(campaignId, r.id))!;
        if (outcome.state === 'sent') sent.push(r.id);
        else if (outcome.state === 'failed') failed.push({ id: r.id, email: r.email, error: outcome.error.slice(0, 500), permanent: outcome.permanent });
        else if (outcome.state === 'missing' && r.stale) lost.push(r);
      }
      // The mail queue sends a campaign's emails oldest first: when none of these older ones is settled yet, the younger
      // ones are not either, so asking about them would only load Redis while it is busiest (ADR 0072).
      if (sent.length + failed.length + lost.length === settledBefore) break;
    }
    if (sent.length)
      await this.dataSource.query(`UPDATE newsletter_campaign_recipients SET state = 'sent', done_at = now() WHERE id = ANY($1) AND state = 'queued'`, [sent]);
    if (failed.length) await this.fail(failed);
    if (lost.length) {
      this.logger.warn({ campaignId, recipients: lost.length }, 'newsletter emails missing from the mail queue; queued again under the same keys');
      await this.dataSource.query(`UPDATE newsletter_campaign_recipients SET queued_at = now() WHERE id = ANY($1) AND state = 'queued'`, [
        lost.map((r) => r.id),
      ]);
      await this.queue(campaignId, content, lost);
    }
  }
}
