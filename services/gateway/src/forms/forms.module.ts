import { DynamicModule, Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { BookSubmissionsController } from './book-submissions.controller';
import { ContactMessagesController } from './contact-messages.controller';
import { FormsCountsController } from './forms-counts.controller';
import { NewsletterCampaignsController } from './newsletter-campaigns.controller';
import { NewsletterController } from './newsletter.controller';
import { PrayerRequestsController } from './prayer-requests.controller';
import { PrayerTeamController } from './prayer-team.controller';
import { OwnPrayerRequestsController, PrayerFlagLimitGuard, PrayerTapLimitGuard, PrayerWallController } from './prayer-wall.controller';
import { PublishingInquiriesController } from './publishing-inquiries.controller';

/**
 * The forms area of the /api surface (spec §7): contact, prayer, publishing, books, newsletter and the admin inbox.
 * Its rate limits are the gateway's one `RateLimitModule` (http/rate-limit.module.ts).
 */
@Module({})
export class FormsModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: FormsModule,
      controllers: [
        ContactMessagesController,
        OwnPrayerRequestsController,
        PrayerRequestsController,
        PrayerWallController,
        PrayerTeamController,
        PublishingInquiriesController,
        BookSubmissionsController,
        NewsletterController,
        NewsletterCampaignsController,
        FormsCountsController,
      ],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }, PrayerTapLimitGuard, PrayerFlagLimitGuard],
    };
  }
}
