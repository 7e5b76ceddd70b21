import { DynamicModule, Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { CheckoutBudget, CheckoutBudgetGuard, FormsBudgetGuard, ManuscriptBudgetGuard, OrderLookupBudgetGuard } from './budget-guards';
import { RateLimits } from './rate-limits';

const PROVIDED = [RateLimits, CheckoutBudget, CheckoutBudgetGuard, FormsBudgetGuard, ManuscriptBudgetGuard, OrderLookupBudgetGuard];

/**
 * The gateway's rate limits, provided once for every area (global): one `RateLimits` and one `CheckoutBudget` per
 * process, so the orders and membership routes count in the same in-memory budget and every area's guards in the same
 * Redis keys (ADR 0012). Needs `RedisModule`.
 */
@Module({})
export class RateLimitModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: RateLimitModule,
      global: true,
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }, ...PROVIDED],
      exports: PROVIDED,
    };
  }
}
