import { type FeedChannel, MediaSubjects } from '@km/contracts/media';
import { SERVICE_CONFIG } from '@km/nest-kit';
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { MediaConfig } from '../config';

/** The RSS channel's settings; the gateway renders the feed from them and the episode list. */
@Controller()
export class FeedHandlers {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: MediaConfig) {}

  @MessagePattern(MediaSubjects.feedChannel)
  channel(): FeedChannel {
    return this.config.feed;
  }
}
