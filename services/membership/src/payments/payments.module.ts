import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { MembersModule } from '../members/members.module';
import { PayoutsModule } from '../payouts/payouts.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { CommissionReversalsService } from './commission-reversals.service';
import { PaymentsHandlers } from './payments.handlers';
import { SubscriptionWebhooksService } from './subscription-webhooks.service';

/** Stripe's webhooks: subscription changes onto members, refunds and disputes onto commissions (ADR 0016). */
@Module({
  imports: [MembersModule, SubscriptionsModule, PayoutsModule, BillingModule],
  controllers: [PaymentsHandlers],
  providers: [SubscriptionWebhooksService, CommissionReversalsService],
})
export class PaymentsModule {}
