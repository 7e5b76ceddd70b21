import { CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RateLimits } from '../http/rate-limits';

/** Runs before the body is validated or an upload is read, so a refused sender costs us nothing. */
@Injectable()
export class FormsRateLimitGuard implements CanActivate {
  constructor(private readonly limits: RateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    await this.limits.consumeFormSubmission(req.ip ?? 'unknown');
    return true;
  }
}

/** Counts the route against the per-IP hourly budget of form submissions (429 when spent). */
export const FormsRateLimit = () => UseGuards(FormsRateLimitGuard);
