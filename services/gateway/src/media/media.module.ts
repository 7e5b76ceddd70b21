import { DynamicModule, Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { FormsRateLimitGuard } from '../forms/forms-rate-limit.guard';
import { RateLimits } from '../http/rate-limits';
import { PodcastConfigController } from './podcast-config.controller';
import { PodcastFeedController } from './podcast-feed.controller';
import { PodcastFeedCache } from './podcast-feed-cache';
import { PodcastEpisodesController, PodcastSubscriptionsController } from './podcast.controller';

/**
 * The podcast area of the /api surface (spec §7): episodes and subscriptions, answered by the media service.
 * Subscriptions count against the same per-address budget as the other forms (shared Redis keys).
 */
@Module({})
export class MediaModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: MediaModule,
      controllers: [PodcastEpisodesController, PodcastSubscriptionsController, PodcastFeedController, PodcastConfigController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        RateLimits,
        FormsRateLimitGuard,
        { provide: PodcastFeedCache, useFactory: () => new PodcastFeedCache() },
      ],
    };
  }
}
