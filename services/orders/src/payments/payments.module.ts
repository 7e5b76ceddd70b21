import { SERVICE_CONFIG, ServiceKitModule } from '@km/nest-kit';
import { createStripeClient, STRIPE } from '@km/nest-kit/stripe';
import { Module } from '@nestjs/common';
import type { OrdersConfig } from '../config';
import { PricingModule } from '../pricing/pricing.module';
import { PaymentIntentsService } from './payment-intents.service';
import { StockReservations } from './stock-reservations';
import { StripeEventRecord } from './stripe-event.entity';

/**
 * Payments: the Stripe client every aggregate shares, the payment intents a cart is charged through, the stock they
 * reserve (ADR 0032) and the Stripe events recorded for them.
 */
@Module({
  imports: [PricingModule, ServiceKitModule.forFeature([StripeEventRecord])],
  providers: [
    { provide: STRIPE, inject: [SERVICE_CONFIG], useFactory: (config: OrdersConfig) => createStripeClient(config.stripe, 'orders') },
    StockReservations,
    PaymentIntentsService,
  ],
  exports: [STRIPE, StockReservations, PaymentIntentsService],
})
export class PaymentsModule {}
