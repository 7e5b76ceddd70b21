import { RpcModule, ServiceKitModule } from '@km/nest-kit';
import { MailModule } from '@km/nest-kit/mail';
import { DynamicModule, Module } from '@nestjs/common';
import { CreateFormsTables1763700000600 } from '../migrations/1763700000600-create-forms-tables';
import { PrayerMinistry1764100000600 } from '../migrations/1764100000600-prayer-ministry';
import { PrayersByPerson1764200000600 } from '../migrations/1764200000600-prayers-by-person';
import { NewsletterConsent1764200000610 } from '../migrations/1764200000610-newsletter-consent';
import { NewsletterCampaigns1764200000611 } from '../migrations/1764200000611-newsletter-campaigns';
import { NewsletterBouncesAndPodcast1764300000200 } from '../migrations/1764300000200-newsletter-bounces-and-podcast';
import { CampaignSender } from './campaigns/campaign-sender';
import { EpisodeAnnouncementsConsumer } from './campaigns/episode-announcements.consumer';
import { CampaignsHandlers } from './campaigns/campaigns.handlers';
import { CampaignsService } from './campaigns/campaigns.service';
import { BookSubmissionEntity } from './books/book-submission.entity';
import { BooksHandlers } from './books/books.handlers';
import { BooksService } from './books/books.service';
import type { FormsConfig } from './config';
import { ContactMessageEntity } from './contact/contact-message.entity';
import { ContactHandlers } from './contact/contact.handlers';
import { ContactService } from './contact/contact.service';
import { CountsHandlers } from './counts.handlers';
import { FormsMailConsumer } from './mail/forms-mail.consumer';
import { NewsletterSubscriptionEntity } from './newsletter/newsletter-subscription.entity';
import { NewsletterPodcastConsumer } from './newsletter/newsletter-podcast.consumer';
import { NewsletterHandlers } from './newsletter/newsletter.handlers';
import { NewsletterService } from './newsletter/newsletter.service';
import { PrayerRequestEntity } from './prayer/prayer-request.entity';
import { PrayerDigest } from './prayer/prayer-digest';
import { PrayerMinistryHandlers } from './prayer/prayer-ministry.handlers';
import { PrayerMinistryService } from './prayer/prayer-ministry.service';
import { PrayerHandlers } from './prayer/prayer.handlers';
import { PrayerService } from './prayer/prayer.service';
import { PublishingInquiryEntity } from './publishing/publishing-inquiry.entity';
import { PublishingHandlers } from './publishing/publishing.handlers';
import { PublishingService } from './publishing/publishing.service';

@Module({})
export class AppModule {
  static forRoot(config: FormsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({
          name: 'forms',
          config,
          entities: [ContactMessageEntity, PrayerRequestEntity, PublishingInquiryEntity, BookSubmissionEntity, NewsletterSubscriptionEntity],
          migrations: [
            CreateFormsTables1763700000600,
            PrayerMinistry1764100000600,
            PrayersByPerson1764200000600,
            NewsletterConsent1764200000610,
            NewsletterCampaigns1764200000611,
            NewsletterBouncesAndPodcast1764300000200,
          ],
        }),
        MailModule.forRoot(config.mail, 'forms', config.logLevel),
        // a campaign's featured product or episode, and the members audience (ADR 0057, 0058)
        RpcModule.forRoot({ natsUrl: config.natsUrl, timeoutMs: config.rpcTimeoutMs, name: 'forms' }),
      ],
      controllers: [
        ContactHandlers,
        PrayerHandlers,
        PublishingHandlers,
        BooksHandlers,
        NewsletterHandlers,
        CampaignsHandlers,
        CountsHandlers,
        PrayerMinistryHandlers,
      ],
      providers: [
        NewsletterService,
        ContactService,
        PrayerService,
        PublishingService,
        BooksService,
        FormsMailConsumer,
        PrayerMinistryService,
        PrayerDigest,
        CampaignsService,
        CampaignSender,
        NewsletterPodcastConsumer,
        EpisodeAnnouncementsConsumer,
      ],
    };
  }
}
