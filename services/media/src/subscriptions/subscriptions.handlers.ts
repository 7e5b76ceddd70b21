import {
  MediaSubjects,
  podcastSubscriberEmailsSchema,
  podcastSubscriptionSchema,
  podcastUnsubscribeSchema,
  stillSubscribedSchema,
  type PodcastSubscribeOutcome,
  type PodcastSubscriberEmailsPage,
  type PodcastUnsubscribeResult,
  type StillSubscribed,
} from '@km/contracts/media';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SubscriptionsService } from './subscriptions.service';

/** NATS patterns only. */
@Controller()
export class SubscriptionsHandlers {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @MessagePattern(MediaSubjects.subscriptionsCreate)
  subscribe(@Payload() payload: unknown): Promise<PodcastSubscribeOutcome> {
    return this.subscriptions.subscribe(parseOrThrow(podcastSubscriptionSchema, payload));
  }

  @MessagePattern(MediaSubjects.subscriptionsEmails)
  emails(@Payload() payload: unknown): Promise<PodcastSubscriberEmailsPage> {
    return this.subscriptions.emails(parseOrThrow(podcastSubscriberEmailsSchema, payload));
  }

  @MessagePattern(MediaSubjects.subscriptionsStillSubscribed)
  stillSubscribed(@Payload() payload: unknown): Promise<StillSubscribed> {
    return this.subscriptions.stillSubscribed(parseOrThrow(stillSubscribedSchema, payload));
  }

  @MessagePattern(MediaSubjects.subscriptionsUnsubscribe)
  unsubscribe(@Payload() payload: unknown): Promise<PodcastUnsubscribeResult> {
    return this.subscriptions.unsubscribe(parseOrThrow(podcastUnsubscribeSchema, payload).token);
  }
}
