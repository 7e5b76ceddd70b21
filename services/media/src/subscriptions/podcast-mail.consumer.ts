import { type TypedEvent } from '@km/contracts/common';
import { MediaEvents } from '@km/contracts/media';
import { ConsumerService, EventConsumerKit, SERVICE_CONFIG } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MediaConfig } from '../config';
import { EpisodeEntity } from '../episodes/episode.entity';
import { newEpisodeMail, welcomeMail } from '../mail/podcast-mails';
import { PodcastSubscriptionEntity, wantsEmail } from './podcast-subscription.entity';

/** Durable consumer name: the media service's mail for its own events. */
export const PODCAST_MAIL_CONSUMER = 'media-mail';
export const PODCAST_MAIL_EVENTS = [MediaEvents.subscriptionCreated, MediaEvents.episodePublished] as const;
type PodcastMailEvent = (typeof PODCAST_MAIL_EVENTS)[number];

/**
 * Welcome and new-episode emails through the `mail` queue. Each email has its own key, so a redelivered event
 * queues nothing twice; rows are read at handling time, so an address that unsubscribed meanwhile gets nothing.
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
      case MediaEvents.episodePublished: {
        const episode = await manager.findOneBy(EpisodeEntity, { id: event.data.episodeId });
        if (!episode) return;
        const subscribers = await manager
          .getRepository(PodcastSubscriptionEntity)
          .createQueryBuilder('s')
          .where(`s.unsubscribedAt IS NULL AND s.preferredFormat IN ('email', 'both')`)
          .getMany();
        for (const subscriber of subscribers) {
          const { key, mail } = newEpisodeMail(subscriber, episode, this.publicOrigin);
          await this.mail.send(key, mail);
        }
        return;
      }
    }
  }
}
