import { RateLimitedError } from '@km/nest-kit';
import { CanActivate, ExecutionContext, Inject, Injectable, Logger, UseGuards, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { REDIS } from '../redis/redis.module';
import { AddressBudget, type BudgetDecision } from './address-budget';
import { networkOf } from './client-network';
import { RateLimits } from './rate-limits';

const clientIp = (context: ExecutionContext) => context.switchToHttp().getRequest<FastifyRequest>().ip ?? 'unknown';

/**
 * Checkout's own budget per client IP (payment intents, orders and the Marketshare payment step and join together),
 * shared through Redis like the API's budget so every gateway replica counts towards it. Provided once, by
 * `RateLimitModule`, so every guard that counts against it holds this one in-memory count: two counts in one process
 * would each run a batch ahead of Redis, like two replicas.
 *
 * Decided in memory and sent to Redis in batches, as the API budget is (ADR 0012, its bound: all replicas together
 * admit at most `limit + replicas × batch − 1` a minute per address, one replica alone exactly `limit`), with the batch
 * 2 % of the limit and at least 1: a Redis round trip for every checkout request was over a quarter of the gateway's
 * CPU per checkout. Without Redis a replica keeps counting on its own: a sale matters more.
 */
@Injectable()
export class CheckoutBudget implements OnModuleDestroy {
  private readonly logger = new Logger('CheckoutBudget');
  private readonly budget: AddressBudget;

  constructor(@Inject(REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const limit = config.rateLimitCheckoutPerMinute;
    this.budget = new AddressBudget(
      redis,
      { limit, windowMs: 60_000, batch: Math.max(1, Math.ceil(limit / 50)), syncEveryMs: config.rateLimitSync.everyMs, keyPrefix: 'rl:checkout-minute' },
      (error) => this.logger.warn(`checkout rate limiter cannot reach Redis, counting on this replica alone: ${String(error)}`),
    );
  }

  /** Counts one checkout attempt from this client, or throws 429 once the address's minute is spent. */
  take(ip: string): true | Promise<true> {
    // Per network: an IPv6 client's whole /64 is one address here, like every other budget (http/client-network.ts).
    const decision = this.budget.take(networkOf(ip));
    return decision instanceof Promise ? decision.then(admit) : admit(decision);
  }

  /** Before Redis closes (its module's onApplicationShutdown): this replica's last counts go to Redis. */
  async onModuleDestroy() {
    await this.budget.close();
  }
}

function admit(decision: BudgetDecision): true {
  if (decision.allowed) return true;
  const seconds = decision.retryAfterSeconds;
  throw new RateLimitedError(`Too many checkout attempts from this address. Please wait ${seconds} seconds and try again.`, seconds);
}

/** Counts the route against checkout's per-address budget. It runs before the body is validated: every attempt counts, since each one can cost a catalog lookup and a Stripe call. */
@Injectable()
export class CheckoutBudgetGuard implements CanActivate {
  constructor(private readonly budget: CheckoutBudget) {}

  canActivate(context: ExecutionContext): true | Promise<true> {
    return this.budget.take(clientIp(context));
  }
}

/** Counts the route against the per-IP hourly budget of form submissions (429 when spent, 503 without Redis). Runs before the body is validated or an upload is read, so a refused sender costs us nothing. */
@Injectable()
export class FormsBudgetGuard implements CanActivate {
  constructor(private readonly limits: RateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limits.consumeFormSubmission(clientIp(context));
    return true;
  }
}

/** Anonymous manuscript uploads: a tighter per-address budget and one shared by every visitor (RateLimits). */
@Injectable()
export class ManuscriptBudgetGuard implements CanActivate {
  constructor(private readonly limits: RateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limits.consumeManuscriptUpload(clientIp(context));
    return true;
  }
}

/** Order lookups by number and email: a per-address hourly budget, every attempt counted, right or wrong (ADR 0036). */
@Injectable()
export class OrderLookupBudgetGuard implements CanActivate {
  constructor(private readonly limits: RateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limits.consumeOrderLookup(clientIp(context));
    return true;
  }
}

/** The route counts against checkout's per-address budget ({@link CheckoutBudgetGuard}). */
export const CheckoutBudgeted = () => UseGuards(CheckoutBudgetGuard);
/** The route counts against the per-address hourly form budget ({@link FormsBudgetGuard}). */
export const FormsBudgeted = () => UseGuards(FormsBudgetGuard);
/** The route counts against the manuscript upload budgets ({@link ManuscriptBudgetGuard}). */
export const ManuscriptBudgeted = () => UseGuards(ManuscriptBudgetGuard);
/** The route counts against the per-address hourly budget of order lookups ({@link OrderLookupBudgetGuard}). */
export const OrderLookupBudgeted = () => UseGuards(OrderLookupBudgetGuard);
