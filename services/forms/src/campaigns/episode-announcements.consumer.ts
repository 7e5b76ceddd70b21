import { type TypedEvent } from '@km/contracts/common';
import { MediaEvents, MediaSubjects } from '@km/contracts/media';
import { AppError, ConsumerService, EventConsumerKit, RpcClient } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CampaignsService } from './campaigns.service';

/** Durable consumer name: new episodes announced to the podcast's list. */
export const EPISODE_ANNOUNCEMENTS_CONSUMER = 'forms-episode-announcements';

/**
 * A published episode becomes a campaign to the podcast audience, started at once and sent by the campaign sender
 * (ADR 0072). The campaign is keyed by the episode, so a redelivered event or a second replica creates nothing more.
 */
@Injectable()
export class EpisodeAnnouncementsConsumer extends ConsumerService<typeof MediaEvents.episodePublished> {
  constructor(
    kit: EventConsumerKit,
    private readonly rpc: RpcClient,
    private readonly campaigns: CampaignsService,
  ) {
    super(kit, { durable: EPISODE_ANNOUNCEMENTS_CONSUMER, types: [MediaEvents.episodePublished] });
  }

  protected async handle(event: TypedEvent<typeof MediaEvents.episodePublished>, manager: EntityManager): Promise<void> {
    const episode = await this.rpc.send(MediaSubjects.episodesGet, { id: event.data.episodeId }).catch((error: unknown) => {
      // Deleted before we got to it: there is nothing to announce.
      if (error instanceof AppError && error.code === 'not_found') return null;
      throw error;
    });
    if (episode) await this.campaigns.announce(manager, episode);
  }
}
