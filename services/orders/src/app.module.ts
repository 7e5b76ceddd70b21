import { RpcModule, ServiceKitModule } from '@km/nest-kit';
import { MailModule } from '@km/nest-kit/mail';
import { DynamicModule, Module } from '@nestjs/common';
import { CreateOrders1763700000400 } from '../migrations/1763700000400-create-orders';
import { PaymentReview1763700000401 } from '../migrations/1763700000401-payment-review';
import { MemberDiscount1763700000402 } from '../migrations/1763700000402-member-discount';
import { Refunds1763700000403 } from '../migrations/1763700000403-refunds';
import { PaymentIntentUpdates1763700000414 } from '../migrations/1763700000414-payment-intent-updates';
import { PlaceOrder1763700000420 } from '../migrations/1763700000420-place-order';
import { OrderTimeline1764100000450 } from '../migrations/1764100000450-order-timeline';
import { RefundsFulfilmentCancel1764100000460 } from '../migrations/1764100000460-refunds-fulfilment-cancel';
import { MemberOrdersIndex1764100000470 } from '../migrations/1764100000470-member-orders-index';
import { AdminOrdersModule } from './admin/admin-orders.module';
import type { OrdersConfig } from './config';
import { FulfilmentModule } from './fulfilment/fulfilment.module';
import { OrderMailModule } from './mail/order-mail.module';
import { useOrderLinkSettings } from './orders/order-links';
import { OrdersModule } from './orders/orders.module';
import { PaymentsModule } from './payments/payments.module';
import { PricingModule } from './pricing/pricing.module';
import { RefundsModule } from './refunds/refunds.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({})
export class AppModule {
  static forRoot(config: OrdersConfig): DynamicModule {
    // Links in emails and the keys the order page is opened with (ADR 0036).
    useOrderLinkSettings(config.orderLinks);
    return {
      module: AppModule,
      imports: [
        // Each module declares the entities of its tables (ServiceKitModule.forFeature); the migrations stay here, in order.
        ServiceKitModule.forRoot({
          name: 'orders',
          config,
          migrations: [
            CreateOrders1763700000400,
            PaymentReview1763700000401,
            MemberDiscount1763700000402,
            Refunds1763700000403,
            PaymentIntentUpdates1763700000414,
            PlaceOrder1763700000420,
            OrderTimeline1764100000450,
            RefundsFulfilmentCancel1764100000460,
            MemberOrdersIndex1764100000470,
          ],
        }),
        // Prices come from this replica's copy of the catalog's (ADR 0022); a member's discount from membership.
        RpcModule.forRoot({ natsUrl: config.natsUrl, timeoutMs: config.rpcTimeoutMs, name: 'orders' }),
        MailModule.forRoot(config.mail, 'orders', config.logLevel),
        // One module per aggregate, each exporting only what another needs; they import each other one way (ADR 0049).
        PricingModule,
        PaymentsModule,
        OrdersModule,
        RefundsModule,
        FulfilmentModule,
        WebhooksModule,
        AdminOrdersModule,
        OrderMailModule,
      ],
    };
  }
}
