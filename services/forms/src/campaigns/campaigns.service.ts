import { CatalogSubjects } from '@km/contracts/catalog';
import {
  type CampaignDraft,
  type CampaignPreview,
  type CampaignStatus,
  type FeaturedBlock,
  type NewsletterAudience,
  type NewsletterCampaign,
} from '@km/contracts/forms';
import { MediaSubjects } from '@km/contracts/media';
import { MembershipSubjects } from '@km/contracts/membership';
import { episodePath } from '@km/contracts/vocabulary';
import { AppError, ConflictError, NotFoundError, RpcClient, SERVICE_CONFIG } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { FormsConfig } from '../config';
import { campaignMail, PREVIEW_UNSUBSCRIBE_TOKEN } from './campaign-mail';
import { episodeAnnouncement } from './episode-announcement';

interface CampaignRow {
  id: string;
  subject: string;
  preheader: string;
  body_markdown: string;
  audience: NewsletterAudience;
  featured: FeaturedBlock | null;
  status: CampaignStatus;
  scheduled_at: Date | null;
  time_zone: string | null;
  started_at: Date | null;
  finished_at: Date | null;
  created_at: Date;
  episode_id: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const SUMMARY_MAX = 300;
const summary = (text: string) => {
  const plain = text.replace(/\s+/g, ' ').trim();
  return plain.length > SUMMARY_MAX ? `${plain.slice(0, SUMMARY_MAX - 1).trimEnd()}…` : plain;
};

/**
 * Who a started campaign goes to: confirmed, subscribed, never bounced addresses, one row each (ADR 0055, 0057), and
 * never an address any server refused for good, whatever list it came from (ADR 0072).
 */
const SENDABLE = `s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL AND s.bounced_at IS NULL AND NOT EXISTS (SELECT 1 FROM newsletter_bounces b WHERE b.email = s.email)`;

/** The podcast's mailing list is media's (ADR 0072): asked a page at a time when a podcast campaign starts. */
const PODCAST_PAGE = 5000;

/** Campaigns for the admin (ADR 0057): drafts, preview, test sends, schedule, send now, cancel, progress. */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: FormsConfig,
  ) {}

  async preview(draft: CampaignDraft): Promise<CampaignPreview> {
    const mail = campaignMail(
      { ...draft, featured: await this.featured(draft.featured) },
      'preview@example.com',
      PREVIEW_UNSUBSCRIBE_TOKEN,
      this.config.publicOrigin,
    );
    return { subject: mail.subject, html: mail.html ?? '', text: mail.text };
  }

  async create(draft: CampaignDraft): Promise<NewsletterCampaign> {
    const featured = await this.featured(draft.featured);
    const [{ id }] = await this.dataSource.query(
      `INSERT INTO newsletter_campaigns (subject, preheader, body_markdown, audience, featured) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [draft.subject, draft.preheader, draft.bodyMarkdown, draft.audience, featured === null ? null : JSON.stringify(featured)],
    );
    return this.get(id);
  }

  /** Only a draft or a scheduled campaign changes; one that started is what it was. */
  async update(id: string, draft: CampaignDraft): Promise<NewsletterCampaign> {
    const featured = await this.featured(draft.featured);
    const updated = await this.dataSource.query(
      `UPDATE newsletter_campaigns SET subject = $2, preheader = $3, body_markdown = $4, audience = $5, featured = $6, updated_at = now()
       WHERE id = $1 AND status IN ('draft', 'scheduled') RETURNING id`,
      [id, draft.subject, draft.preheader, draft.bodyMarkdown, draft.audience, featured === null ? null : JSON.stringify(featured)],
    );
    if (updated[0].length === 0) await this.refuse(id, 'changed');
    return this.get(id);
  }

  async get(id: string): Promise<NewsletterCampaign> {
    const [row]: CampaignRow[] = await this.dataSource.query(`SELECT * FROM newsletter_campaigns WHERE id = $1`, [id]);
    if (!row) throw new NotFoundError('newsletter campaign', id);
    return this.view(row);
  }

  async list(limit: number): Promise<NewsletterCampaign[]> {
    const rows: CampaignRow[] = await this.dataSource.query(`SELECT * FROM newsletter_campaigns ORDER BY created_at DESC, id DESC LIMIT $1`, [limit]);
    return Promise.all(rows.map((row) => this.view(row)));
  }

  /** A copy to one address (the admin's own), marked as a test, with an unsubscribe link that changes nothing. */
  async sendTest(id: string, to: string): Promise<{ to: string }> {
    const campaign = await this.get(id);
    const mail = campaignMail({ ...campaign, subject: `[Test] ${campaign.subject}` }, to, PREVIEW_UNSUBSCRIBE_TOKEN, this.config.publicOrigin);
    await this.mail.sendMany([{ key: `newsletter-test:${id}:${Date.now()}`, mail }], { attempts: this.config.newsletter.mailAttempts });
    return { to };
  }

  async schedule(id: string, at: string, timeZone: string): Promise<NewsletterCampaign> {
    if (!isTimeZone(timeZone)) throw new AppError('invalid', `timeZone "${timeZone}" is not a time zone we know; use a name such as America/Chicago.`);
    if (Date.parse(at) <= Date.now()) throw new AppError('invalid', 'at is in the past: choose a time to come, or send the campaign now.');
    const updated = await this.dataSource.query(
      `UPDATE newsletter_campaigns SET status = 'scheduled', scheduled_at = $2, time_zone = $3, updated_at = now()
       WHERE id = $1 AND status IN ('draft', 'scheduled') RETURNING id`,
      [id, at, timeZone],
    );
    if (updated[0].length === 0) await this.refuse(id, 'scheduled');
    return this.get(id);
  }

  /** Starts a draft or scheduled campaign now: its recipients are fixed in the same transaction (ADR 0057). */
  async sendNow(id: string): Promise<NewsletterCampaign> {
    const started = await this.dataSource.transaction((manager) => this.start(manager, id));
    if (!started) await this.refuse(id, 'sent');
    return this.get(id);
  }

  async cancel(id: string): Promise<NewsletterCampaign> {
    const updated = await this.dataSource.query(
      `UPDATE newsletter_campaigns SET status = 'cancelled', updated_at = now() WHERE id = $1 AND status = 'scheduled' RETURNING id`,
      [id],
    );
    if (updated[0].length === 0) {
      await this.get(id);
      throw new ConflictError('campaign_state', 'Only a scheduled campaign can be cancelled: this one is not scheduled.');
    }
    return this.get(id);
  }

  /**
   * A campaign announcing a published episode to the podcast audience, started at once (ADR 0072). One guarded insert
   * keyed by the episode: a redelivered event or another replica's insert waits on the unique key and adds nothing.
   */
  async announce(manager: EntityManager, episode: { id: string; title: string; episodeNumber: number }): Promise<void> {
    const content = episodeAnnouncement(episode);
    const [inserted]: { id: string }[] = await manager.query(
      `INSERT INTO newsletter_campaigns (subject, preheader, body_markdown, audience, episode_id) VALUES ($1, $2, $3, 'podcast', $4)
       ON CONFLICT (episode_id) DO NOTHING RETURNING id`,
      [content.subject, content.preheader, content.bodyMarkdown, episode.id],
    );
    if (inserted) await this.start(manager, inserted.id);
  }

  /** Starts every scheduled campaign whose time has come; a replica that loses the race starts nothing. */
  async startDue(): Promise<void> {
    const due: { id: string }[] = await this.dataSource.query(`SELECT id FROM newsletter_campaigns WHERE status = 'scheduled' AND scheduled_at <= now()`);
    for (const { id } of due) await this.dataSource.transaction((manager) => this.start(manager, id));
  }

  /**
   * One guarded update moves the campaign to `sending`, and the recipients are inserted in the same transaction: one
   * row per address (`UNIQUE (campaign_id, email)`), so a person on two lists gets one copy.
   */
  private async start(manager: EntityManager, id: string): Promise<boolean> {
    const [rows]: [CampaignRow[], number] = await manager.query(
      `UPDATE newsletter_campaigns SET status = 'sending', started_at = now(), updated_at = now()
       WHERE id = $1 AND (status = 'draft' OR (status = 'scheduled')) RETURNING *`,
      [id],
    );
    if (rows.length === 0) return false;
    const audience = rows[0].audience;
    if (audience === 'podcast') {
      // One row per address (a subscriber on both lists gets one copy), unsubscribing from the podcast's list.
      for await (const page of this.podcastSubscribers()) {
        await manager.query(
          `INSERT INTO newsletter_campaign_recipients (campaign_id, list, email, unsubscribe_token)
           SELECT $1, 'podcast', p.email, p.token FROM unnest($2::text[], $3::text[]) AS p(email, token)
           WHERE NOT EXISTS (SELECT 1 FROM newsletter_bounces b WHERE b.email = p.email)
           ORDER BY p.email ON CONFLICT DO NOTHING`,
          [id, page.map((p) => p.email), page.map((p) => p.unsubscribeToken)],
        );
      }
    } else if (audience === 'members') {
      const members = await this.memberEmails();
      await manager.query(
        `INSERT INTO newsletter_campaign_recipients (campaign_id, subscription_id, email)
         SELECT $1, s.id, s.email FROM newsletter_subscriptions s WHERE ${SENDABLE} AND s.email = ANY($2) ORDER BY s.email ON CONFLICT DO NOTHING`,
        [id, members],
      );
    } else {
      await manager.query(
        `INSERT INTO newsletter_campaign_recipients (campaign_id, subscription_id, email)
         SELECT $1, s.id, s.email FROM newsletter_subscriptions s WHERE ${SENDABLE} ORDER BY s.email ON CONFLICT DO NOTHING`,
        [id],
      );
    }
    return true;
  }

  /** The active Marketshare members' addresses, asked of membership page by page (ADR 0058). */
  private async memberEmails(): Promise<string[]> {
    const emails: string[] = [];
    let after: string | undefined;
    do {
      const page = await this.rpc.send(MembershipSubjects.memberEmails, { after, limit: 5000 }, 15_000);
      emails.push(...page.emails);
      after = page.next ?? undefined;
    } while (after);
    return emails;
  }

  /** The podcast's email subscribers, asked of media page by page (ADR 0072); only addresses and tokens cross the bus. */
  private async *podcastSubscribers() {
    let after: string | undefined;
    do {
      const page = await this.rpc.send(MediaSubjects.subscriptionsEmails, { after, limit: PODCAST_PAGE }, 15_000);
      if (page.subscribers.length > 0) yield page.subscribers.map((s) => ({ ...s, email: s.email.toLowerCase() }));
      after = page.next ?? undefined;
    } while (after);
  }

  private async refuse(id: string, verb: string): Promise<never> {
    const campaign = await this.get(id);
    throw new ConflictError('campaign_state', `This campaign is ${campaign.status} and can no longer be ${verb}.`);
  }

  private async view(row: CampaignRow): Promise<NewsletterCampaign> {
    const states: { state: string; n: number; bounced: number }[] = await this.dataSource.query(
      `SELECT state, count(*)::int AS n, count(*) FILTER (WHERE bounced)::int AS bounced FROM newsletter_campaign_recipients WHERE campaign_id = $1 GROUP BY state`,
      [row.id],
    );
    const count = (state: string) => states.find((s) => s.state === state)?.n ?? 0;
    const failures: { email: string; error: string }[] = await this.dataSource.query(
      `SELECT email, error FROM newsletter_campaign_recipients WHERE campaign_id = $1 AND state = 'failed' ORDER BY done_at DESC, id DESC LIMIT 20`,
      [row.id],
    );
    return {
      id: row.id,
      subject: row.subject,
      preheader: row.preheader,
      bodyMarkdown: row.body_markdown,
      audience: row.audience,
      featured: row.featured,
      status: row.status,
      scheduledAt: iso(row.scheduled_at),
      timeZone: row.time_zone,
      startedAt: iso(row.started_at),
      finishedAt: iso(row.finished_at),
      createdAt: row.created_at.toISOString(),
      counts: {
        total: states.reduce((sum, s) => sum + s.n, 0),
        sent: count('sent'),
        failed: count('failed'),
        pending: count('pending') + count('queued'),
        skipped: count('skipped'),
        bounced: states.reduce((sum, s) => sum + s.bounced, 0),
      },
      episodeId: row.episode_id,
      failures,
    };
  }

  /** The featured block, copied from the catalog or the podcast when the campaign is saved. */
  private async featured(ref: CampaignDraft['featured']): Promise<FeaturedBlock | null> {
    if (!ref) return null;
    if (ref.kind === 'product') {
      const [item] = await this.rpc.send(CatalogSubjects.getMany, { ids: [ref.id] });
      if (!item) throw new AppError('invalid', 'featured.id names no product or service in the catalog: pick one from the list.');
      return {
        kind: 'product',
        title: item.name,
        summary: summary(item.description),
        path: `/${item.kind === 'service' ? 'services' : 'products'}/${item.slug}`,
        label: item.kind === 'service' ? 'See the service' : 'See the product',
      };
    }
    const { items } = await this.rpc.send(MediaSubjects.episodesList, { sort: 'latest', page: 1, pageSize: 1 });
    if (items.length === 0) throw new AppError('invalid', 'There is no podcast episode yet to feature: publish one first, or feature a product.');
    const [episode] = items;
    return { kind: 'episode', title: episode.title, summary: summary(episode.description), path: episodePath(episode), label: 'Listen to the episode' };
  }
}

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
