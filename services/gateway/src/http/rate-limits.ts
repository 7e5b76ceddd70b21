import { RateLimitedError, UnavailableError } from '@km/nest-kit';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { REDIS } from '../redis/redis.module';

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** Rate limits kept in Redis, so every gateway replica counts together. */
@Injectable()
export class RateLimits {
  private readonly logger = new Logger('RateLimits');
  private readonly api: RateLimiterRedis;
  private readonly loginFailures: RateLimiterRedis;
  private readonly formSubmissions: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.api = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'rl:api', points: config.rateLimitPerMinute, duration: 60 });
    this.loginFailures = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'rl:login-fail',
      points: config.login.maxFailures,
      duration: config.login.windowSeconds,
    });
    this.formSubmissions = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'rl:forms', points: config.rateLimitFormsPerHour, duration: 3600 });
  }

  /** Express middleware for every `/api` request, per client IP. Fails open if Redis is down. */
  apiMiddleware() {
    return async (req: Request, res: Response, next: NextFunction) => {
      try {
        const result = await this.api.consume(req.ip ?? 'unknown');
        res.setHeader('RateLimit-Remaining', String(result.remainingPoints));
        next();
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          const retry = Math.ceil(error.msBeforeNext / 1000);
          res.setHeader('Retry-After', String(retry));
          res.status(429).json({ statusCode: 429, code: 'rate_limited', message: `Too many requests. Please wait ${retry} seconds and try again.` });
          return;
        }
        this.logger.warn(`rate limiter unavailable, letting the request through: ${String(error)}`);
        next();
      }
    };
  }

  /**
   * Counts one form submission from this IP (every kind together, valid or not) and throws 429 once the hourly
   * budget is spent. Fails open if Redis is down: a message from a person matters more than the spam it might let in.
   */
  async consumeFormSubmission(ip: string): Promise<void> {
    try {
      await this.formSubmissions.consume(ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) {
        this.logger.warn(`form rate limiter unavailable, letting the submission through: ${String(error)}`);
        return;
      }
      const seconds = Math.ceil(error.msBeforeNext / 1000);
      const wait = minutes(seconds);
      throw new RateLimitedError(
        `You have sent many forms from this address in the last hour. Please try again in ${wait} minute${wait === 1 ? '' : 's'}, or call us if it is urgent.`,
        seconds,
      );
    }
  }

  private loginKey(username: string, ip: string) {
    return `${username.trim().toLowerCase()}|${ip}`;
  }

  /** Throws 429 when this username+IP already used up its failed attempts. */
  async assertLoginAllowed(username: string, ip: string): Promise<void> {
    const state = await this.loginFailures.get(this.loginKey(username, ip)).catch((error) => {
      throw new UnavailableError(`Sign-in is temporarily unavailable. Please try again shortly. (${String(error)})`);
    });
    if (state && state.consumedPoints >= this.config.login.maxFailures) {
      const seconds = Math.ceil(state.msBeforeNext / 1000);
      throw new RateLimitedError(
        `Too many failed login attempts. Please try again in ${minutes(seconds)} minute${minutes(seconds) === 1 ? '' : 's'}.`,
        seconds,
      );
    }
  }

  async recordLoginFailure(username: string, ip: string): Promise<void> {
    await this.loginFailures.penalty(this.loginKey(username, ip), 1).catch((error) => this.logger.warn(`could not record a login failure: ${String(error)}`));
  }

  async clearLoginFailures(username: string, ip: string): Promise<void> {
    await this.loginFailures.delete(this.loginKey(username, ip)).catch(() => undefined);
  }
}
