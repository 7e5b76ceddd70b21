import { MembershipSubjects, membershipWebhookSchema, type MembershipWebhookResult } from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SubscriptionWebhooksService } from './subscription-webhooks.service';

/** NATS patterns only: membership's signed Stripe endpoint, relayed by the gateway. */
@Controller()
export class PaymentsHandlers {
  constructor(private readonly webhooks: SubscriptionWebhooksService) {}

  @MessagePattern(MembershipSubjects.handleStripeWebhook)
  handleStripeWebhook(@Payload() payload: unknown): Promise<MembershipWebhookResult> {
    return this.webhooks.handle(parseOrThrow(membershipWebhookSchema, payload));
  }
}
