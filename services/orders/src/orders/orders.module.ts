import { ServiceKitModule } from '@km/nest-kit';
import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module';
import { PricingModule } from '../pricing/pricing.module';
import { OrderLine } from './order-line.entity';
import { OrderNumbers } from './order-numbers';
import { OrderPaymentsModule } from './order-payments.module';
import { OrderTimelineRecord } from './order-timeline.entity';
import { Order } from './order.entity';
import { OrdersHandlers } from './orders.handlers';
import { OrdersService } from './orders.service';

/** Orders: checkout's payment intents and placing the order (ADR 0025), the buyer's ways back to it (ADR 0036, 0037). */
@Module({
  imports: [ServiceKitModule.forFeature([Order, OrderLine, OrderTimelineRecord]), PricingModule, PaymentsModule, OrderPaymentsModule],
  controllers: [OrdersHandlers],
  providers: [OrderNumbers, OrdersService],
})
export class OrdersModule {}
