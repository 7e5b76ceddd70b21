import { Module } from '@nestjs/common';
import { OrderPaymentsService } from './order-payments.service';

/**
 * The order's one entry point for what Stripe reports (ADR 0049): the webhooks and refunds import this module, never
 * the orders module, so they reach the order only through {@link OrderPaymentsService}.
 */
@Module({
  providers: [OrderPaymentsService],
  exports: [OrderPaymentsService],
})
export class OrderPaymentsModule {}
