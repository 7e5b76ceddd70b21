import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { BillingHandlers } from './billing.handlers';
import { BillingService } from './billing.service';
import { Dunning } from './dunning';

/** A member's own billing and failed payments (ADR 0059): the card, invoices and receipts; the grace period and its steps. */
@Module({
  imports: [MembersModule, SubscriptionsModule],
  controllers: [BillingHandlers],
  providers: [BillingService, Dunning],
  exports: [Dunning],
})
export class BillingModule {}
