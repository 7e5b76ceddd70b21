import { FormsEvents, type NewsletterSubscriptionResult, type NewsletterUnsubscribeResult } from '@km/contracts';
import { AppError, commitWithEvents, OutboxRelayRunner, recordEvent } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { NewsletterSubscriptionEntity } from './newsletter-subscription.entity';

export interface SubscribeOutcome {
  subscriptionId: string;
  subscribedAt: Date;
  /** False when the address was already subscribed and nothing changed. */
  changed: boolean;
}

/** 32 random bytes, base64url: the shape UNSUBSCRIBE_TOKEN_PATTERN accepts. */
export const newUnsubscribeToken = () => randomBytes(32).toString('base64url');

@Injectable()
export class NewsletterService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
  ) {}

  /** Subscribing an address that already is subscribed is not an error: it answers alreadySubscribed. */
  async subscribe(email: string): Promise<NewsletterSubscriptionResult> {
    const outcome = await commitWithEvents(this.dataSource, this.outbox, (manager) => this.subscribeWithin(manager, email));
    return {
      email,
      subscribedAt: outcome.subscribedAt.toISOString(),
      alreadySubscribed: !outcome.changed,
      message: outcome.changed ? 'Thank you for subscribing to our newsletter.' : "You're already subscribed with this email address.",
    };
  }

  /**
   * Subscribes a lower-case address inside the caller's transaction: a new row, or the address's row again after
   * it unsubscribed (keeping its token, so links in earlier emails still work). Either records
   * `forms.newsletter.subscribed`; an address that is already subscribed changes nothing.
   */
  async subscribeWithin(manager: EntityManager, email: string): Promise<SubscribeOutcome> {
    // Insert first: of two simultaneous requests for one address, the second waits here and then finds the row.
    const inserted: { id: string; subscribed_at: Date }[] = await manager.query(
      `INSERT INTO newsletter_subscriptions (email, unsubscribe_token) VALUES ($1, $2)
       ON CONFLICT (email) DO NOTHING RETURNING id, subscribed_at`,
      [email, newUnsubscribeToken()],
    );
    let outcome: SubscribeOutcome;
    if (inserted.length > 0) {
      outcome = { subscriptionId: inserted[0].id, subscribedAt: inserted[0].subscribed_at, changed: true };
    } else {
      const current = await manager
        .getRepository(NewsletterSubscriptionEntity)
        .createQueryBuilder('s')
        .where('s.email = :email', { email })
        .setLock('pessimistic_write')
        .getOneOrFail();
      if (!current.unsubscribedAt) return { subscriptionId: current.id, subscribedAt: current.subscribedAt, changed: false };
      const subscribedAt = new Date();
      await manager.update(NewsletterSubscriptionEntity, { id: current.id }, { subscribedAt, unsubscribedAt: null });
      outcome = { subscriptionId: current.id, subscribedAt, changed: true };
    }
    await recordEvent(manager, FormsEvents.newsletterSubscribed, { subscriptionId: outcome.subscriptionId, email });
    return outcome;
  }

  /** Unsubscribing twice with the same link answers the same; only an unknown token is an error. */
  async unsubscribe(token: string): Promise<NewsletterUnsubscribeResult> {
    const repository = this.dataSource.getRepository(NewsletterSubscriptionEntity);
    const subscription = await repository.findOneBy({ unsubscribeToken: token });
    if (!subscription)
      throw new AppError('not_found', 'This unsubscribe link is not valid (it may be mistyped or cut off). Please use the link from your most recent email.');
    if (!subscription.unsubscribedAt) {
      subscription.unsubscribedAt = new Date();
      await repository.update({ id: subscription.id }, { unsubscribedAt: subscription.unsubscribedAt });
    }
    return { email: subscription.email, unsubscribedAt: subscription.unsubscribedAt.toISOString() };
  }
}
