import {
  MediaSubjects,
  podcastAnalyticsQuerySchema,
  podcastAnalyticsRowsSchema,
  type PodcastAnalyticsReport,
  type PodcastAnalyticsRows,
} from '@km/contracts/media';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AnalyticsService } from './analytics.service';

/** NATS patterns only; the gateway lets admins alone ask (ADR 0071). */
@Controller()
export class AnalyticsHandlers {
  constructor(private readonly analytics: AnalyticsService) {}

  @MessagePattern(MediaSubjects.analyticsReport)
  report(@Payload() payload: unknown): Promise<PodcastAnalyticsReport> {
    return this.analytics.report(parseOrThrow(podcastAnalyticsQuerySchema, payload));
  }

  @MessagePattern(MediaSubjects.analyticsRows)
  rows(@Payload() payload: unknown): Promise<PodcastAnalyticsRows> {
    return this.analytics.rows(parseOrThrow(podcastAnalyticsRowsSchema, payload));
  }
}
