import { Module } from '@nestjs/common';
import { OrderPaymentsModule } from '../orders/order-payments.module';
import { PaymentsModule } from '../payments/payments.module';
import { RefundsModule } from '../refunds/refunds.module';
import { StripeWebhooksHandlers } from './stripe-webhooks.handlers';
import { StripeWebhooksService } from './stripe-webhooks.service';

/** Stripe's signed, deduplicated webhooks onto the order, its refunds and its stock (ADR 0008). */
@Module({
  imports: [OrderPaymentsModule, PaymentsModule, RefundsModule],
  controllers: [StripeWebhooksHandlers],
  providers: [StripeWebhooksService],
})
export class WebhooksModule {}
