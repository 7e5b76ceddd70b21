import { MediaEvents } from '@km/contracts/media';
import { type TypedEvent } from '@km/contracts/common';
import { ConsumerService, EventConsumerKit } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { NewsletterService } from './newsletter.service';

/** Durable consumer name: the podcast form's newsletter opt-in. */
export const NEWSLETTER_PODCAST_CONSUMER = 'forms-newsletter-podcast';

/**
 * A podcast subscriber who ticked "newsletter" is asked to confirm it, as a footer subscriber is (ADR 0055), with
 * source `podcast`. The consumer handles an event once, and asking twice within minutes mails nothing new.
 */
@Injectable()
export class NewsletterPodcastConsumer extends ConsumerService<typeof MediaEvents.subscriptionCreated> {
  constructor(
    kit: EventConsumerKit,
    private readonly newsletter: NewsletterService,
  ) {
    super(kit, { durable: NEWSLETTER_PODCAST_CONSUMER, types: [MediaEvents.subscriptionCreated] });
  }

  protected async handle(event: TypedEvent<typeof MediaEvents.subscriptionCreated>, manager: EntityManager): Promise<void> {
    // Events recorded before the address was carried have none: nothing to ask.
    if (!event.data.wantsNewsletter || !event.data.email) return;
    await this.newsletter.subscribeWithin(manager, event.data.email.toLowerCase(), 'podcast');
  }
}
