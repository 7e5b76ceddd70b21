import { Module } from '@nestjs/common';
import { FulfilmentModule } from '../fulfilment/fulfilment.module';
import { RefundsModule } from '../refunds/refunds.module';
import { AdminOrdersHandlers } from './admin-orders.handlers';
import { AdminOrdersService } from './admin-orders.service';

/** The admin's view of an order and its steps: notes, refunds, shipments, cancellation (ADR 0034). */
@Module({
  imports: [RefundsModule, FulfilmentModule],
  controllers: [AdminOrdersHandlers],
  providers: [AdminOrdersService],
})
export class AdminOrdersModule {}
