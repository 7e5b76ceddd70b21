import { RateLimitedError } from '@km/nest-kit';
import { CanActivate, ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { REDIS } from '../redis/redis.module';

/**
 * Checkout's own budget per client IP (payment intents and orders together), counted in Redis like the other
 * limits so every gateway replica shares it. It runs before the body is validated: every attempt counts, since
 * each one can cost a catalog lookup and a Stripe call. Fails open if Redis is down: a sale matters more.
 */
@Injectable()
export class CheckoutRateLimit implements CanActivate {
  private readonly logger = new Logger('CheckoutRateLimit');
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'rl:checkout', points: config.rateLimitCheckoutPerMinute, duration: 60 });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const ip = context.switchToHttp().getRequest<FastifyRequest>().ip ?? 'unknown';
    try {
      await this.limiter.consume(ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) {
        this.logger.warn(`checkout rate limiter unavailable, letting the request through: ${String(error)}`);
        return true;
      }
      const seconds = Math.ceil(error.msBeforeNext / 1000);
      throw new RateLimitedError(`Too many checkout attempts from this address. Please wait ${seconds} seconds and try again.`, seconds);
    }
    return true;
  }
}
