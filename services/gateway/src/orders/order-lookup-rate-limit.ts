import { CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RateLimits } from '../http/rate-limits';

/** Runs before the body is validated: every lookup counts, right or wrong (ADR 0036). */
@Injectable()
export class OrderLookupRateLimitGuard implements CanActivate {
  constructor(private readonly limits: RateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limits.consumeOrderLookup(context.switchToHttp().getRequest<FastifyRequest>().ip ?? 'unknown');
    return true;
  }
}

/** Counts the route against the per-address hourly budget of order lookups (429 when spent). */
export const OrderLookupRateLimit = () => UseGuards(OrderLookupRateLimitGuard);
