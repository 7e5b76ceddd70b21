import { RpcModule, ServiceKitModule } from '@km/nest-kit';
import { MailModule } from '@km/nest-kit/mail';
import { createStripeClient, STRIPE } from '@km/nest-kit/stripe';
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
import type { OrdersConfig } from './config';
import { Fulfilment } from './fulfilment/fulfilment.entity';
import { FulfilmentsService } from './fulfilment/fulfilments.service';
import { OrderConfirmationMailer } from './mail/order-confirmation.mailer';
import { useOrderLinkSettings } from './orders/order-links';
import { OrderStepMailer } from './mail/order-step.mailer';
import { AdminOrdersHandlers } from './admin/admin-orders.handlers';
import { AdminOrdersService } from './admin/admin-orders.service';
import { PaymentReviewAlertMailer } from './mail/payment-review-alert.mailer';
import { OrderLine } from './orders/order-line.entity';
import { OrderNumbers } from './orders/order-numbers';
import { OrderPaymentsService } from './orders/order-payments.service';
import { OrderTimelineRecord } from './orders/order-timeline.entity';
import { Order } from './orders/order.entity';
import { OrdersHandlers } from './orders/orders.handlers';
import { OrdersService } from './orders/orders.service';
import { PaymentIntentsService } from './payments/payment-intents.service';
import { StripeEventRecord } from './payments/stripe-event.entity';
import { StockReservations } from './payments/stock-reservations';
import { CartPricing } from './pricing/cart-pricing';
import { CatalogPrices } from './pricing/catalog-prices.service';
import { StripeWebhooksHandlers } from './webhooks/stripe-webhooks.handlers';
import { StripeWebhooksService } from './webhooks/stripe-webhooks.service';
import { CancellationsService } from './refunds/cancellations.service';
import { Refund } from './refunds/refund.entity';
import { RefundsService } from './refunds/refunds.service';

@Module({})
export class AppModule {
  static forRoot(config: OrdersConfig): DynamicModule {
    // Links in emails and the keys the order page is opened with (ADR 0036).
    useOrderLinkSettings(config.orderLinks);
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({
          name: 'orders',
          config,
          entities: [Order, OrderLine, OrderTimelineRecord, StripeEventRecord, Refund, Fulfilment],
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
      ],
      controllers: [OrdersHandlers, AdminOrdersHandlers, StripeWebhooksHandlers],
      providers: [
        { provide: STRIPE, useFactory: () => createStripeClient(config.stripe, 'orders') },
        CatalogPrices,
        CartPricing,
        StockReservations,
        PaymentIntentsService,
        OrderNumbers,
        OrderPaymentsService,
        OrdersService,
        StripeWebhooksService,
        OrderConfirmationMailer,
        PaymentReviewAlertMailer,
        RefundsService,
        CancellationsService,
        FulfilmentsService,
        AdminOrdersService,
        OrderStepMailer,
      ],
    };
  }
}
