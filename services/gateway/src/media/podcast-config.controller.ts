import { PODCAST_FEED_PATH } from '@km/contracts';
import type { PodcastConfig } from '@km/contracts/media';
import { Public } from '@km/nest-kit';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** Lets the SPA learn at run time whether the podcast page features a YouTube/Vimeo video (PODCAST_FEATURED_VIDEO_URL), and where to follow it. */
@ApiTags('podcast')
@Controller('api/config')
export class PodcastConfigController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Get('podcast')
  @Public()
  @ApiOperation({
    summary:
      '{featuredVideoEmbedUrl, feedUrl, followLinks}: a YouTube or Vimeo player address (or null for the newest video episode), the RSS feed address, and the listening apps configured (ADR 0046).',
  })
  podcast(): PodcastConfig {
    return {
      featuredVideoEmbedUrl: this.config.podcast.featuredVideoEmbedUrl,
      feedUrl: `${this.config.publicOrigin}${PODCAST_FEED_PATH}`,
      followLinks: this.config.podcast.followLinks,
    };
  }
}
