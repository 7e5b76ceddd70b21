import { type TypedEvent } from '@km/contracts/common';
import { MediaEvents } from '@km/contracts/media';
import { ConsumerService, EventConsumerKit, SERVICE_CONFIG } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MediaConfig } from '../config';
import { welcomeMail } from '../mail/podcast-mails';
import { PodcastSubscriptionEntity, wantsEmail } from './podcast-subscription.entity';

/** Durable consumer name: the media service's mail for its own events. */
export const PODCAST_MAIL_CONSUMER = 'media-mail';
/** New-episode announcements are forms' campaigns to the podcast's list, on the one sender (ADR 0072). */
export const PODCAST_MAIL_EVENTS = [MediaEvents.subscriptionCreated] as const;
type PodcastMailEvent = (typeof PODCAST_MAIL_EVENTS)[number];

/**
 * The welcome through the `mail` queue. It has its own key, so a redelivered event queues nothing twice; the row is
 * read at handling time, so an address that unsubscribed meanwhile gets nothing.
 */
@Injectable()
export class PodcastMailConsumer extends ConsumerService<PodcastMailEvent> {
  private readonly publicOrigin: string;

  constructor(
    kit: EventConsumerKit,
    @Inject(SERVICE_CONFIG) config: MediaConfig,
    private readonly mail: MailService,
  ) {
    super(kit, { durable: PODCAST_MAIL_CONSUMER, types: [...PODCAST_MAIL_EVENTS] });
    this.publicOrigin = config.publicOrigin;
  }

  protected async handle(event: TypedEvent<PodcastMailEvent>, manager: EntityManager): Promise<void> {
    switch (event.type) {
      case MediaEvents.subscriptionCreated: {
        const row = await manager.findOneBy(PodcastSubscriptionEntity, { id: event.data.subscriptionId });
        if (row && wantsEmail(row)) {
          const { key, mail } = welcomeMail(row, this.publicOrigin);
          await this.mail.send(key, mail);
        }
        return;
      }
    }
  }
}
