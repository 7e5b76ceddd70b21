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

/** Counts the route against the per-IP hourly budget of form submissions (429 when spent, 503 without Redis). */
export const FormsRateLimit = () => UseGuards(FormsRateLimitGuard);

/** Anonymous manuscript uploads: a tighter per-address budget and one shared by every visitor (RateLimits). */
@Injectable()
export class ManuscriptUploadLimitGuard implements CanActivate {
  constructor(private readonly limits: RateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    await this.limits.consumeManuscriptUpload(req.ip ?? 'unknown');
    return true;
  }
}
