import { ServiceKitModule } from '@km/nest-kit';
import { Module } from '@nestjs/common';
import { Fulfilment } from './fulfilment.entity';
import { FulfilmentsService } from './fulfilments.service';

/** Shipments of an order's physical lines (ADR 0034). */
@Module({
  imports: [ServiceKitModule.forFeature([Fulfilment])],
  providers: [FulfilmentsService],
  exports: [FulfilmentsService],
})
export class FulfilmentModule {}
