import { type TypedEvent } from '@km/contracts';
import { MediaEvents } from '@km/contracts/media';
import { ConsumerService, EventConsumerKit } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EpisodeEntity } from '../episodes/episode.entity';
import { renditionPlan } from './rendition-plan';
import { RenditionsService } from './renditions.service';

export const RENDITIONS_CONSUMER = 'media-renditions';

/**
 * A published WAV or WEBM episode gets a feed rendition job, and so does one whose media an admin replaced (an update
 * leaving it without a rendition, ADR 0054); the job is one per media file and idempotent.
 */
@Injectable()
export class RenditionsConsumer extends ConsumerService<typeof MediaEvents.episodePublished | typeof MediaEvents.episodeUpdated> {
  constructor(
    kit: EventConsumerKit,
    private readonly renditions: RenditionsService,
  ) {
    super(kit, { durable: RENDITIONS_CONSUMER, types: [MediaEvents.episodePublished, MediaEvents.episodeUpdated] });
  }

  protected async handle(event: TypedEvent<typeof MediaEvents.episodePublished | typeof MediaEvents.episodeUpdated>, manager: EntityManager): Promise<void> {
    const episode = await manager.findOneBy(EpisodeEntity, { id: event.data.episodeId });
    if (episode && renditionPlan(episode.mediaContentType) && !episode.renditionKey) await this.renditions.enqueue(episode);
  }
}
