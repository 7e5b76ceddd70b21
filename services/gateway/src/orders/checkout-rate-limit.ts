import { RateLimitedError } from '@km/nest-kit';
import { CanActivate, ExecutionContext, Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { AddressBudget, type BudgetDecision } from '../http/address-budget';
import { networkOf } from '../http/client-network';
import { REDIS } from '../redis/redis.module';

/**
 * Checkout's own budget per client IP (payment intents and orders together), shared through Redis like the API's
 * budget so every gateway replica counts towards it. It runs before the body is validated: every attempt counts, since
 * each one can cost a catalog lookup and a Stripe call.
 *
 * Decided in memory and sent to Redis in batches, as the API budget is (ADR 0012, its bound: all replicas together
 * admit at most `limit + replicas × batch − 1` a minute per address, one replica alone exactly `limit`), with the batch
 * 2 % of the limit and at least 1. Why: a Redis round trip for every checkout request was over a quarter of the
 * gateway's CPU per checkout. Without Redis a replica keeps counting on its own: a sale matters more.
 */
const BUDGETS = new WeakMap<Redis, AddressBudget>();

@Injectable()
export class CheckoutRateLimit implements CanActivate, OnModuleDestroy {
  private readonly logger = new Logger('CheckoutRateLimit');
  private readonly budget: AddressBudget;

  constructor(@Inject(REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    // One budget per process: the orders and membership modules each make this guard, and two in-memory counts
    // would each run a batch ahead of Redis, like two replicas.
    let budget = BUDGETS.get(redis);
    if (!budget) {
      const limit = config.rateLimitCheckoutPerMinute;
      budget = new AddressBudget(
        redis,
        { limit, windowMs: 60_000, batch: Math.max(1, Math.ceil(limit / 50)), syncEveryMs: config.rateLimitSync.everyMs, keyPrefix: 'rl:checkout-minute' },
        (error) => this.logger.warn(`checkout rate limiter cannot reach Redis, counting on this replica alone: ${String(error)}`),
      );
      BUDGETS.set(redis, budget);
    }
    this.budget = budget;
  }

  /** Before Redis closes (its module's onApplicationShutdown): this replica's last counts go to Redis. */
  async onModuleDestroy() {
    await this.budget.close();
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    // Per network: an IPv6 client's whole /64 is one address here, like every other budget (http/client-network.ts).
    const network = networkOf(context.switchToHttp().getRequest<FastifyRequest>().ip ?? 'unknown');
    const decision = this.budget.take(network);
    return decision instanceof Promise ? decision.then(admit) : admit(decision);
  }
}

function admit(decision: BudgetDecision): boolean {
  if (decision.allowed) return true;
  const seconds = decision.retryAfterSeconds;
  throw new RateLimitedError(`Too many checkout attempts from this address. Please wait ${seconds} seconds and try again.`, seconds);
}
