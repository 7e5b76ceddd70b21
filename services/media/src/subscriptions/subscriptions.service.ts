import {
  MediaEvents,
  type PodcastSubscribeOutcome,
  type PodcastSubscriberEmailsPage,
  type PodcastSubscriptionData,
  type PodcastUnsubscribeResult,
  type StillSubscribed,
} from '@km/contracts/media';
import { AppError, commitWithEvents, OutboxRelayRunner, SERVICE_CONFIG } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { MediaConfig } from '../config';
import { alreadySubscribedMail } from '../mail/podcast-mails';
import { PodcastSubscriptionEntity } from './podcast-subscription.entity';

@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
    private readonly mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: MediaConfig,
  ) {}

  /**
   * One statement decides: a new address is inserted; an address that unsubscribed is subscribed again with the new
   * details (keeping its token, so older links still work); an active one changes nothing. The asker is answered the
   * same either way, so nobody learns who is subscribed: the owner of an active address is told by mail instead.
   */
  async subscribe(data: PodcastSubscriptionData): Promise<PodcastSubscribeOutcome> {
    const created = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
      const rows: { id: string }[] = await manager.query(
        `INSERT INTO podcast_subscriptions AS s
           (first_name, last_name, email, phone, preferred_format, interests, how_heard_about_us, wants_newsletter, unsubscribe_token)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT ((lower(email))) DO UPDATE SET
           first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, phone = EXCLUDED.phone,
           preferred_format = EXCLUDED.preferred_format, interests = EXCLUDED.interests,
           how_heard_about_us = EXCLUDED.how_heard_about_us, wants_newsletter = EXCLUDED.wants_newsletter, unsubscribed_at = NULL
           WHERE s.unsubscribed_at IS NOT NULL
         RETURNING id`,
        [
          data.firstName,
          data.lastName,
          data.email,
          data.phone,
          data.preferredFormat,
          data.interests,
          data.howHeardAboutUs,
          data.wantsNewsletter,
          randomBytes(32).toString('base64url'),
        ],
      );
      if (rows.length === 0) return false;
      await record(MediaEvents.subscriptionCreated, { subscriptionId: rows[0].id, email: data.email, wantsNewsletter: data.wantsNewsletter });
      return true;
    });
    if (!created) {
      const { key, mail } = alreadySubscribedMail(data.email, this.config.publicOrigin);
      await this.mail.send(key, mail);
    }
    return { email: data.email, created };
  }

  /** Unsubscribing twice with the same link answers the same; only an unknown token is an error. */
  async unsubscribe(token: string): Promise<PodcastUnsubscribeResult> {
    const repository = this.dataSource.getRepository(PodcastSubscriptionEntity);
    const subscription = await repository.findOneBy({ unsubscribeToken: token });
    if (!subscription)
      throw new AppError('not_found', 'This unsubscribe link is not valid (it may be mistyped or cut off). Please use the link from your most recent email.');
    if (!subscription.unsubscribedAt) {
      subscription.unsubscribedAt = new Date();
      await repository.update({ id: subscription.id }, { unsubscribedAt: subscription.unsubscribedAt });
    }
    return { email: subscription.email, unsubscribedAt: subscription.unsubscribedAt.toISOString() };
  }

  /**
   * The podcast's mailing list for forms' campaign sender (ADR 0072): addresses that asked for email and did not
   * unsubscribe, lower case, a page at a time in address order (one row per address, ignoring case).
   */
  /** Which of these unsubscribe tokens belong to addresses still on the mailing list (forms' campaign sender asks). */
  async stillSubscribed({ tokens }: { tokens: string[] }): Promise<StillSubscribed> {
    const rows: { token: string }[] = await this.dataSource.query(
      `SELECT unsubscribe_token AS token FROM podcast_subscriptions
       WHERE unsubscribe_token = ANY($1) AND unsubscribed_at IS NULL AND preferred_format IN ('email', 'both')`,
      [tokens],
    );
    return { tokens: rows.map((r) => r.token) };
  }

  async emails({ after, limit }: { after?: string; limit: number }): Promise<PodcastSubscriberEmailsPage> {
    const rows: { email: string; unsubscribe_token: string }[] = await this.dataSource.query(
      `SELECT lower(email) AS email, unsubscribe_token FROM podcast_subscriptions
       WHERE unsubscribed_at IS NULL AND preferred_format IN ('email', 'both') AND lower(email) > $1
       ORDER BY lower(email) LIMIT $2`,
      [after?.toLowerCase() ?? '', limit + 1],
    );
    const page = rows.slice(0, limit);
    return {
      subscribers: page.map((r) => ({ email: r.email, unsubscribeToken: r.unsubscribe_token })),
      next: rows.length > limit ? page[page.length - 1].email : null,
    };
  }
}
