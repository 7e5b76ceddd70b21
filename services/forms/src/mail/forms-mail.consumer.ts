import { FormsEvents, type TypedEvent } from '@km/contracts';
import { ConsumerService, EventConsumerKit, SERVICE_CONFIG } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BookSubmissionEntity, toBookSubmission } from '../books/book-submission.entity';
import type { FormsConfig } from '../config';
import { ContactMessageEntity, toContactMessage } from '../contact/contact-message.entity';
import { NewsletterSubscriptionEntity } from '../newsletter/newsletter-subscription.entity';
import { PrayerRequestEntity, toPrayerRequest } from '../prayer/prayer-request.entity';
import { PublishingInquiryEntity, toPublishingInquiry } from '../publishing/publishing-inquiry.entity';
import { confirmToken } from '../newsletter/newsletter-links';
import {
  bookMails,
  contactMails,
  newsletterConfirmationMail,
  newsletterWelcomeMail,
  prayerMails,
  publishingMails,
  type KeyedMail,
  type MailContext,
} from './forms-mails';

/** Durable consumer name: the forms service's own mail for its own events. */
export const FORMS_MAIL_CONSUMER = 'forms-mail';

type FormsEventType = (typeof FormsEvents)[keyof typeof FormsEvents];

/**
 * Turns each submission event into its emails. The consumer handles an event once (handled ids), and each email
 * is queued under a key of its own, so even a redelivery after a crash between queueing and commit queues nothing
 * twice. Emails are rendered from the stored row, so events stay small.
 */
@Injectable()
export class FormsMailConsumer extends ConsumerService<FormsEventType> {
  private readonly context: MailContext;
  private readonly newsletter: FormsConfig['newsletter'];

  constructor(
    kit: EventConsumerKit,
    @Inject(SERVICE_CONFIG) config: FormsConfig,
    private readonly mail: MailService,
  ) {
    super(kit, { durable: FORMS_MAIL_CONSUMER, types: Object.values(FormsEvents) });
    this.context = { publicOrigin: config.publicOrigin, staff: config.staff };
    this.newsletter = config.newsletter;
  }

  protected async handle(event: TypedEvent<FormsEventType>, manager: EntityManager): Promise<void> {
    const mails = await this.mailsFor(event, manager);
    if (mails === undefined) {
      // The row is gone (or belongs to another database in a shared test stream): nothing to tell anyone.
      this.logger.warn({ eventId: event.id, type: event.type }, 'no stored submission for this event; no mail sent');
      return;
    }
    for (const { key, mail } of mails) await this.mail.send(key, mail);
  }

  private async mailsFor(event: TypedEvent<FormsEventType>, manager: EntityManager): Promise<KeyedMail[] | undefined> {
    switch (event.type) {
      case FormsEvents.contactReceived: {
        const row = await manager.findOneBy(ContactMessageEntity, { id: event.data.contactMessageId });
        return row ? contactMails(toContactMessage(row), this.context) : undefined;
      }
      case FormsEvents.prayerReceived: {
        const row = await manager.findOneBy(PrayerRequestEntity, { id: event.data.prayerRequestId });
        return row ? prayerMails(toPrayerRequest(row), this.context) : undefined;
      }
      case FormsEvents.publishingReceived: {
        const row = await manager.findOneBy(PublishingInquiryEntity, { id: event.data.publishingInquiryId });
        return row ? publishingMails(toPublishingInquiry(row), this.context) : undefined;
      }
      case FormsEvents.bookReceived: {
        const row = await manager.findOneBy(BookSubmissionEntity, { id: event.data.bookSubmissionId });
        return row ? bookMails(toBookSubmission(row), this.context) : undefined;
      }
      case FormsEvents.newsletterSubscribed: {
        const row = await manager.findOneBy(NewsletterSubscriptionEntity, { id: event.data.subscriptionId });
        if (!row) return undefined;
        // Unsubscribed or already confirmed before the confirmation went out: nothing to ask (ADR 0055).
        if (row.unsubscribedAt || row.confirmedAt) return [];
        const token = confirmToken(row.id, row.email, new Date(Date.now() + this.newsletter.confirmTtlMs), this.newsletter.linkSecret);
        return [newsletterConfirmationMail(event.id, row.email, token, this.newsletter.confirmTtlMs, this.context)];
      }
      case FormsEvents.newsletterConfirmed: {
        const row = await manager.findOneBy(NewsletterSubscriptionEntity, { id: event.data.subscriptionId });
        if (!row) return undefined;
        // Unsubscribed again before the welcome went out: no welcome.
        return row.unsubscribedAt ? [] : [newsletterWelcomeMail(event.id, row.email, row.unsubscribeToken, this.context)];
      }
      default:
        return [];
    }
  }
}
