import {
  FormsSubjects,
  newsletterConfirmSchema,
  newsletterSubscribeRequestSchema,
  newsletterUnsubscribeSchema,
  type NewsletterConfirmResult,
  type NewsletterSubscriptionResult,
  type NewsletterUnsubscribeResult,
} from '@km/contracts/forms';
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
    const { email, source } = parseOrThrow(newsletterSubscribeRequestSchema, payload);
    return this.newsletter.subscribe(email, source);
  }

  @MessagePattern(FormsSubjects.newsletterConfirm)
  confirm(@Payload() payload: unknown): Promise<NewsletterConfirmResult> {
    return this.newsletter.confirm(parseOrThrow(newsletterConfirmSchema, payload).token);
  }

  @MessagePattern(FormsSubjects.newsletterUnsubscribe)
  unsubscribe(@Payload() payload: unknown): Promise<NewsletterUnsubscribeResult> {
    return this.newsletter.unsubscribe(parseOrThrow(newsletterUnsubscribeSchema, payload).token);
  }
}
