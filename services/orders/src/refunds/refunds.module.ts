import { ServiceKitModule } from '@km/nest-kit';
import { Module } from '@nestjs/common';
import { OrderPaymentsModule } from '../orders/order-payments.module';
import { PaymentsModule } from '../payments/payments.module';
import { CancellationsService } from './cancellations.service';
import { Refund } from './refund.entity';
import { RefundsService } from './refunds.service';

/** Staff refunds, a row first and Stripe once (ADR 0035), and cancellations (ADR 0034). */
@Module({
  imports: [ServiceKitModule.forFeature([Refund]), PaymentsModule, OrderPaymentsModule],
  providers: [RefundsService, CancellationsService],
  exports: [RefundsService, CancellationsService],
})
export class RefundsModule {}
