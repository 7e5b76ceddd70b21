import { DynamicModule, Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { BuyerOrdersController } from './buyer-orders.controller';
import { AdminOrdersController } from './admin-orders.controller';
import { CheckoutController } from './checkout.controller';
import { PaymentsConfigController } from './payments-config.controller';
import { StripeWebhookController } from './stripe-webhook.controller';

/** Checkout, orders (and a buyer's way back to one), Stripe's webhook and the payments config the SPA reads. */
@Module({})
export class OrdersModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: OrdersModule,
      controllers: [CheckoutController, BuyerOrdersController, StripeWebhookController, PaymentsConfigController, AdminOrdersController],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }],
    };
  }
}
