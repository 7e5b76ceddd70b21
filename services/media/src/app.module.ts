import { ServiceKitModule } from '@km/nest-kit';
import { MailModule } from '@km/nest-kit/mail';
import { StorageModule } from '@km/nest-kit/storage';
import { DynamicModule, Module } from '@nestjs/common';
import { CreateMediaTables1763700000300 } from '../migrations/1763700000300-create-media-tables';
import { EpisodeDownloads1763700000301 } from '../migrations/1763700000301-episode-downloads';
import { EpisodeRenditions1763700000302 } from '../migrations/1763700000302-episode-renditions';
import { ThumbnailRenditions1764000000303 } from '../migrations/1764000000303-thumbnail-renditions';
import { EpisodeChapters1764100000300 } from '../migrations/1764100000300-episode-chapters';
import { EpisodeTranscripts1764100000301 } from '../migrations/1764100000301-episode-transcripts';
import { EpisodeSearch1764200000300 } from '../migrations/1764200000300-episode-search';
import { EpisodeTitleSearch1764200000310 } from '../migrations/1764200000310-episode-title-search';
import { EpisodeDailyCounts1764300000100 } from '../migrations/1764300000100-episode-daily-counts';
import type { MediaConfig } from './config';
import { DemoSeeder } from './demo/demo-seeder';
import { EpisodeEntity } from './episodes/episode.entity';
import { EpisodesHandlers } from './episodes/episodes.handlers';
import { EpisodesService } from './episodes/episodes.service';
import { AnalyticsHandlers } from './analytics/analytics.handlers';
import { AnalyticsService } from './analytics/analytics.service';
import { EpisodeSearchService } from './episodes/episode-search.service';
import { FeedHandlers } from './feed/feed.handlers';
import { PodcastMailConsumer } from './subscriptions/podcast-mail.consumer';
import { RenditionsConsumer } from './renditions/renditions.consumer';
import { RenditionsService } from './renditions/renditions.service';
import { PodcastSubscriptionEntity } from './subscriptions/podcast-subscription.entity';
import { SubscriptionsHandlers } from './subscriptions/subscriptions.handlers';
import { SubscriptionsService } from './subscriptions/subscriptions.service';

@Module({})
export class AppModule {
  static forRoot(config: MediaConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({
          name: 'media',
          config,
          entities: [EpisodeEntity, PodcastSubscriptionEntity],
          migrations: [
            CreateMediaTables1763700000300,
            EpisodeDownloads1763700000301,
            EpisodeRenditions1763700000302,
            ThumbnailRenditions1764000000303,
            EpisodeChapters1764100000300,
            EpisodeTranscripts1764100000301,
            EpisodeSearch1764200000300,
            EpisodeTitleSearch1764200000310,
            EpisodeDailyCounts1764300000100,
          ],
        }),
        StorageModule.forRoot(config.storage),
        MailModule.forRoot(config.mail, 'media', config.logLevel),
      ],
      controllers: [EpisodesHandlers, SubscriptionsHandlers, FeedHandlers, AnalyticsHandlers],
      providers: [
        AnalyticsService,
        EpisodesService,
        EpisodeSearchService,
        SubscriptionsService,
        PodcastMailConsumer,
        DemoSeeder,
        RenditionsService,
        RenditionsConsumer,
      ],
    };
  }
}
