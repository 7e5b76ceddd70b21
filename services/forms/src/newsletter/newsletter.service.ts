import {
  FormsEvents,
  type NewsletterConfirmResult,
  type NewsletterSource,
  type NewsletterSubscriptionResult,
  type NewsletterUnsubscribeResult,
} from '@km/contracts/forms';
import { AppError, commitWithEvents, OutboxRelayRunner, recordEvent, SERVICE_CONFIG } from '@km/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { FormsConfig } from '../config';
import { isConfirmSignature, readConfirmToken } from './newsletter-links';
import { NewsletterSubscriptionEntity } from './newsletter-subscription.entity';

export interface SubscribeOutcome {
  subscriptionId: string;
  subscribedAt: Date;
  /** False when the address was already subscribed and nothing changed. */
  changed: boolean;
}

/** 32 random bytes, base64url: the shape UNSUBSCRIBE_TOKEN_PATTERN accepts. */
export const newUnsubscribeToken = () => randomBytes(32).toString('base64url');

/** An unconfirmed address asked for again after this long gets a fresh confirmation email (the first may be lost). */
const RESEND_CONFIRMATION_AFTER_MS = 10 * 60_000;

type ConsentStep = 'requested' | 'confirmed' | 'unsubscribed' | 'bounced';

/** Every consent step is kept with its source and time (ADR 0055), in the transaction that takes it. */
export const logConsent = (manager: EntityManager, subscriptionId: string, step: ConsentStep) =>
  manager.query(
    `INSERT INTO newsletter_consent_log (subscription_id, email, step, source) SELECT id, email, $2, source FROM newsletter_subscriptions WHERE id = $1`,
    [subscriptionId, step],
  );

@Injectable()
export class NewsletterService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
    @Inject(SERVICE_CONFIG) private readonly config: FormsConfig,
  ) {}

  /** Subscribing an address that already is subscribed is not an error: it answers alreadySubscribed. */
  async subscribe(email: string, source: NewsletterSource): Promise<NewsletterSubscriptionResult> {
    const outcome = await commitWithEvents(this.dataSource, this.outbox, (manager) => this.subscribeWithin(manager, email, source));
    return {
      email,
      subscribedAt: outcome.subscribedAt.toISOString(),
      alreadySubscribed: !outcome.changed,
      message: outcome.changed ? 'Thank you for subscribing to our newsletter.' : "You're already subscribed with this email address.",
    };
  }

  /**
   * Asks a lower-case address for its owner's confirmation inside the caller's transaction (ADR 0055): a new row, or
   * the address's row again after it unsubscribed (keeping its token, so links in earlier emails still work), or an
   * unconfirmed row whose confirmation email is older than ten minutes. Each records `forms.newsletter.subscribed`,
   * which mails the confirmation link; a confirmed address, or a request moments after the last, changes nothing.
   */
  async subscribeWithin(manager: EntityManager, email: string, source: NewsletterSource): Promise<SubscribeOutcome> {
    // Insert first: of two simultaneous requests for one address, the second waits here and then finds the row.
    const inserted: { id: string; subscribed_at: Date }[] = await manager.query(
      `INSERT INTO newsletter_subscriptions (email, unsubscribe_token, source) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO NOTHING RETURNING id, subscribed_at`,
      [email, newUnsubscribeToken(), source],
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
      const pending = !current.unsubscribedAt && !current.confirmedAt;
      if (!current.unsubscribedAt && (current.confirmedAt || Date.now() - current.subscribedAt.getTime() < RESEND_CONFIRMATION_AFTER_MS)) {
        return { subscriptionId: current.id, subscribedAt: current.subscribedAt, changed: false };
      }
      const subscribedAt = new Date();
      await manager.update(
        NewsletterSubscriptionEntity,
        { id: current.id },
        pending ? { subscribedAt } : { subscribedAt, unsubscribedAt: null, confirmedAt: null, bouncedAt: null, source },
      );
      outcome = { subscriptionId: current.id, subscribedAt, changed: true };
    }
    await logConsent(manager, outcome.subscriptionId, 'requested');
    await recordEvent(manager, FormsEvents.newsletterSubscribed, { subscriptionId: outcome.subscriptionId, email });
    return outcome;
  }

  /**
   * Confirms the address a signed, unexpired link names (ADR 0055), in one guarded update: following the link twice
   * answers the same; a forged, altered or expired link, or one for an address that has since unsubscribed, is refused.
   */
  async confirm(token: string): Promise<NewsletterConfirmResult> {
    const parts = readConfirmToken(token);
    const refused = (message: string) => new AppError('invalid', message);
    const row = await this.dataSource.getRepository(NewsletterSubscriptionEntity).findOneBy({ id: parts.subscriptionId });
    if (!row || !isConfirmSignature(parts, row.email, this.config.newsletter.linkSecret)) {
      throw refused('This confirmation link is not valid (it may be mistyped or cut off). Please use the link from the email we sent you.');
    }
    if (parts.expiresAt.getTime() < Date.now()) {
      throw refused('This confirmation link has expired. Please subscribe again from the bottom of any page on our site to get a new one.');
    }
    if (row.unsubscribedAt) throw refused('This address has unsubscribed since this link was sent. Please subscribe again to receive the newsletter.');
    return commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
      const [confirmed]: [{ confirmed_at: Date }[], number] = await manager.query(
        `UPDATE newsletter_subscriptions SET confirmed_at = now(), updated_at = now()
         WHERE id = $1 AND confirmed_at IS NULL AND unsubscribed_at IS NULL RETURNING confirmed_at`,
        [row.id],
      );
      if (confirmed.length === 0) {
        const [current] = await manager.query(`SELECT confirmed_at FROM newsletter_subscriptions WHERE id = $1`, [row.id]);
        if (!current?.confirmed_at) throw refused('This address has unsubscribed since this link was sent. Please subscribe again to receive the newsletter.');
        return { email: row.email, confirmedAt: (current.confirmed_at as Date).toISOString() };
      }
      await logConsent(manager, row.id, 'confirmed');
      await record(FormsEvents.newsletterConfirmed, { subscriptionId: row.id, email: row.email });
      return { email: row.email, confirmedAt: confirmed[0].confirmed_at.toISOString() };
    });
  }

  /** Unsubscribing twice with the same link answers the same; only an unknown token is an error. */
  async unsubscribe(token: string): Promise<NewsletterUnsubscribeResult> {
    return this.dataSource.transaction(async (manager) => {
      const [changed]: [{ email: string; unsubscribed_at: Date; id: string }[], number] = await manager.query(
        `UPDATE newsletter_subscriptions SET unsubscribed_at = now(), updated_at = now()
         WHERE unsubscribe_token = $1 AND unsubscribed_at IS NULL RETURNING id, email, unsubscribed_at`,
        [token],
      );
      if (changed.length > 0) {
        await logConsent(manager, changed[0].id, 'unsubscribed');
        return { email: changed[0].email, unsubscribedAt: changed[0].unsubscribed_at.toISOString() };
      }
      const subscription = await manager.findOneBy(NewsletterSubscriptionEntity, { unsubscribeToken: token });
      if (!subscription?.unsubscribedAt)
        throw new AppError('not_found', 'This unsubscribe link is not valid (it may be mistyped or cut off). Please use the link from your most recent email.');
      return { email: subscription.email, unsubscribedAt: subscription.unsubscribedAt.toISOString() };
    });
  }
}
