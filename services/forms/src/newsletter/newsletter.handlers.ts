import {
  FormsSubjects,
  newsletterSubscribeSchema,
  newsletterUnsubscribeSchema,
  type NewsletterSubscriptionResult,
  type NewsletterUnsubscribeResult,
} from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NewsletterService } from './newsletter.service';

/** NATS patterns only; the gateway has already decided who may call what. */
@Controller()
export class NewsletterHandlers {
  constructor(private readonly newsletter: NewsletterService) {}

  @MessagePattern(FormsSubjects.newsletterSubscribe)
  subscribe(@Payload() payload: unknown): Promise<NewsletterSubscriptionResult> {
    return this.newsletter.subscribe(parseOrThrow(newsletterSubscribeSchema, payload).email);
  }

  @MessagePattern(FormsSubjects.newsletterUnsubscribe)
  unsubscribe(@Payload() payload: unknown): Promise<NewsletterUnsubscribeResult> {
    return this.newsletter.unsubscribe(parseOrThrow(newsletterUnsubscribeSchema, payload).token);
  }
}
