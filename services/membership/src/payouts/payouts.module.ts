import { Module } from '@nestjs/common';
import { PayoutRunner } from './payout-runner';
import { PayoutsHandlers } from './payouts.handlers';
import { PayoutsQueue } from './payouts-queue';

/** Monthly payouts on the 15th, exactly once (ADR 0016). */
@Module({
  controllers: [PayoutsHandlers],
  providers: [PayoutRunner, PayoutsQueue],
})
export class PayoutsModule {}
