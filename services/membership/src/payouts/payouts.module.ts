import { Module } from '@nestjs/common';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { PayoutAccounts } from './payout-accounts';
import { PayoutRunner } from './payout-runner';
import { PayoutTransfers } from './payout-transfers';
import { PayoutsHandlers } from './payouts.handlers';
import { PayoutsQueue } from './payouts-queue';

/** Monthly payouts on the 15th, exactly once (ADR 0016). */
@Module({
  imports: [SubscriptionsModule],
  controllers: [PayoutsHandlers],
  providers: [PayoutRunner, PayoutsQueue, PayoutAccounts, PayoutTransfers],
  exports: [PayoutAccounts, PayoutTransfers],
})
export class PayoutsModule {}
