import { Module } from '@nestjs/common';
import { ProfitBonusRunner } from './profit-bonus-runner';
import { ProfitBonusesHandlers } from './profit-bonuses.handlers';
import { ProfitBonusesQueue } from './profit-bonuses-queue';
import { StoreRefundsConsumer, StoreRevenueConsumer } from './store-revenue.consumer';

/** Profit bonuses every six months, from the store revenue learnt from orders' events (ADR 0018). */
@Module({
  controllers: [ProfitBonusesHandlers],
  providers: [ProfitBonusRunner, ProfitBonusesQueue, StoreRevenueConsumer, StoreRefundsConsumer],
})
export class ProfitBonusesModule {}
