import { DynamicModule, Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { PodcastAnalyticsController } from './podcast-analytics.controller';
import { PodcastConfigController } from './podcast-config.controller';
import { PodcastEmbedController } from './podcast-embed.controller';
import { PodcastFeedController } from './podcast-feed.controller';
import { PodcastFeedCache } from './podcast-feed-cache';
import { PodcastEpisodesController, PodcastSubscriptionsController } from './podcast.controller';

/**
 * The podcast area of the /api surface (spec §7): episodes and subscriptions, answered by the media service.
 * Subscriptions count against the same per-address budget as the other forms (the gateway's one `RateLimitModule`).
 */
@Module({})
export class MediaModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: MediaModule,
      controllers: [
        PodcastAnalyticsController,
        PodcastEpisodesController,
        PodcastSubscriptionsController,
        PodcastFeedController,
        PodcastConfigController,
        PodcastEmbedController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: PodcastFeedCache, useFactory: () => new PodcastFeedCache() },
      ],
    };
  }
}
