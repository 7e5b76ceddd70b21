import { OrdersSubjects, stripeWebhookSchema, type StripeWebhookResult } from '@km/contracts/orders';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { StripeWebhooksService } from './stripe-webhooks.service';

/**
 * The NATS pattern of Stripe's deliveries to orders, beside the service that handles them, so orders/ never imports
 * the webhook (ADR 0041); the gateway has already read the raw body and its signature header.
 */
@Controller()
export class StripeWebhooksHandlers {
  constructor(private readonly webhooks: StripeWebhooksService) {}

  @MessagePattern(OrdersSubjects.handleStripeWebhook)
  handleStripeWebhook(@Payload() payload: unknown): Promise<StripeWebhookResult> {
    return this.webhooks.handle(parseOrThrow(stripeWebhookSchema, payload));
  }
}
