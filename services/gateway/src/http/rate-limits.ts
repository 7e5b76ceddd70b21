import { errorBody, RateLimitedError, UnavailableError } from '@km/nest-kit';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { REDIS } from '../redis/redis.module';
import { AddressBudget, type BudgetDecision } from './address-budget';
import { networkOf } from './client-network';
import { isApiPath, requestPath } from './request-path';

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * Rate limits kept in Redis, so every gateway replica counts together. Every per-address budget is keyed on the
 * client's network (`networkOf`: an IPv6 address's /64, an IPv4 address whole), since one IPv6 host can use any
 * address of its /64 and would otherwise get a fresh budget per address.
 * The per-address API budget, taken by every
 * request, is decided in memory and synced to Redis in batches (ADR 0012); the others are one Redis script each.
 */
@Injectable()
export class RateLimits implements OnModuleDestroy {
  private readonly logger = new Logger('RateLimits');
  private readonly api: AddressBudget;
  private readonly loginFailures: RateLimiterRedis;
  private readonly loginPerAddress: RateLimiterRedis;
  private readonly loginUserFailures: RateLimiterRedis;
  private readonly formSubmissions: RateLimiterRedis;
  private readonly memberLinks: RateLimiterRedis;
  private readonly secondFactorFailures: RateLimiterRedis;
  private readonly feeds: AddressBudget;
  private readonly orderLookups: AddressBudget;
  private readonly manuscriptsPerAddress: RateLimiterRedis;
  private readonly manuscriptsTotal: RateLimiterRedis;
  private readonly prayerTaps: RateLimiterRedis;
  private readonly prayerFlags: RateLimiterRedis;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.api = new AddressBudget(
      redis,
      {
        limit: config.rateLimitPerMinute,
        windowMs: 60_000,
        batch: config.rateLimitSync.batch,
        syncEveryMs: config.rateLimitSync.everyMs,
        keyPrefix: 'rl:api-minute',
      },
      (error) => this.logger.warn(`rate limiter cannot reach Redis, counting on this replica alone: ${String(error)}`),
    );
    this.loginFailures = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'rl:login-fail',
      points: config.login.maxFailures,
      duration: config.login.windowSeconds,
    });
    this.loginPerAddress = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'rl:login-ip',
      points: config.login.maxAttemptsPerAddress,
      duration: config.login.windowSeconds,
    });
    // Counts only, never refuses (see loginSlowdownMs).
    this.loginUserFailures = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'rl:login-user', points: 1e9, duration: config.login.windowSeconds });
    this.formSubmissions = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'rl:forms', points: config.rateLimitFormsPerHour, duration: 3600 });
    this.memberLinks = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'rl:member-link', points: config.memberLinksPerHour, duration: 3600 });
    this.secondFactorFailures = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'rl:second-factor',
      points: config.secondFactor.maxFailures,
      duration: config.login.windowSeconds,
    });
    // ADR 0012: /feeds/* was outside every limit (the API budget covers /api only).
    this.feeds = new AddressBudget(
      redis,
      {
        limit: config.rateLimitFeedsPerMinute,
        windowMs: 60_000,
        batch: Math.max(1, Math.ceil(config.rateLimitFeedsPerMinute / 50)),
        syncEveryMs: config.rateLimitSync.everyMs,
        keyPrefix: 'rl:feeds-minute',
      },
      (error) => this.logger.warn(`feed rate limiter cannot reach Redis, counting on this replica alone: ${String(error)}`),
    );
    // Every lookup counts, found or not, and each is sent to Redis before the next is admitted (batch 1): the budget is
    // small and guards against guessing (ADR 0036).
    this.orderLookups = new AddressBudget(
      redis,
      { limit: config.rateLimitOrderLookupsPerHour, windowMs: 3_600_000, batch: 1, syncEveryMs: config.rateLimitSync.everyMs, keyPrefix: 'rl:order-lookup' },
      (error) => this.logger.warn(`order lookup rate limiter cannot reach Redis, counting on this replica alone: ${String(error)}`),
    );
    this.manuscriptsPerAddress = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'rl:manuscripts',
      points: config.manuscriptUploads.perAddressPerHour,
      duration: 3600,
    });
    this.manuscriptsTotal = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'rl:manuscripts-all',
      points: config.manuscriptUploads.totalPerHour,
      duration: 3600,
    });
    // The prayer wall (ADR 0042): "I prayed" taps per minute and flags per hour, per address.
    this.prayerTaps = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'rl:prayed', points: config.prayerWall.prayedPerMinute, duration: 60 });
    this.prayerFlags = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'rl:prayer-flags', points: config.prayerWall.flagsPerHour, duration: 3600 });
  }

  /** One "I prayed" from this address: 429 past the per-minute budget, 503 without Redis (like the forms). */
  async consumePrayerTap(ip: string): Promise<void> {
    await this.consumeAnonymous(
      this.prayerTaps,
      ip,
      (wait) => `That is a lot of prayers at once. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again.`,
      1,
    );
  }

  /** One flag from this address: 429 past the hourly budget, 503 without Redis. */
  async consumePrayerFlag(ip: string): Promise<void> {
    await this.consumeAnonymous(
      this.prayerFlags,
      ip,
      (wait) => `You have flagged many prayer requests in the last hour. Please try again in ${wait} minute${wait === 1 ? '' : 's'}, or contact us.`,
      60,
    );
  }

  private async consumeAnonymous(limiter: RateLimiterRedis, ip: string, message: (wait: number) => string, unitSeconds: number): Promise<void> {
    try {
      await limiter.consume(networkOf(ip));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw this.formsUnavailable(error);
      const seconds = Math.ceil(error.msBeforeNext / 1000);
      throw new RateLimitedError(message(Math.max(1, Math.ceil(seconds / unitSeconds))), seconds);
    }
  }

  /**
   * Whether one more sign-in link may be mailed to this member's address this hour. Spent: no mail, and the caller
   * answers as always (nobody learns who is a member). Fails open if Redis is down: a member must be able to sign in.
   */
  async allowMemberLink(email: string): Promise<boolean> {
    try {
      await this.memberLinks.consume(email.toLowerCase());
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      this.logger.warn(`member link limiter unavailable, mailing the link: ${String(error)}`);
      return true;
    }
  }

  /** Before Redis closes (its module's onApplicationShutdown): this replica's last counts go to Redis. */
  async onModuleDestroy() {
    await Promise.all([this.api.close(), this.feeds.close(), this.orderLookups.close()]);
  }

  /**
   * A fastify `onRequest` hook for every `/api` request, per client IP. Decided in memory (no Redis round trip on
   * most requests); fails open if Redis is down (the replica's own count still holds).
   */
  apiHook() {
    return this.budgetHook(this.api, isApiPath);
  }

  /** Like {@link apiHook}, for `/feeds/*` (the podcast feed and its enclosures), with a budget of its own. */
  feedsHook() {
    return this.budgetHook(this.feeds, (path) => path.startsWith('/feeds/'));
  }

  private budgetHook(budget: AddressBudget, applies: (path: string) => boolean) {
    // A callback hook, not an async one: most requests are decided at once, without a promise to wait for.
    const apply = (decision: BudgetDecision, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (decision.allowed) {
        reply.raw.setHeader('RateLimit-Remaining', String(decision.remaining));
        return done();
      }
      const retry = decision.retryAfterSeconds;
      reply.header('Retry-After', String(retry));
      // Answered here: done() is not called, so no route runs.
      void reply.status(429).send(errorBody(429, 'rate_limited', `Too many requests. Please wait ${retry} seconds and try again.`));
    };
    return (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (!applies(requestPath(req))) return done();
      const decision = budget.take(networkOf(req.ip ?? 'unknown'));
      if (decision instanceof Promise) decision.then((late) => apply(late, reply, done), done);
      else apply(decision, reply, done);
    };
  }

  /** Counts one order lookup (number + email) from this address; 429 once the hour's budget is spent (ADR 0036). */
  async consumeOrderLookup(ip: string): Promise<void> {
    const decision = await this.orderLookups.take(networkOf(ip));
    if (decision.allowed) return;
    const wait = minutes(decision.retryAfterSeconds);
    throw new RateLimitedError(
      `You have looked up many orders from this address in the last hour. Please try again in ${wait} minute${wait === 1 ? '' : 's'}, or open the link in your confirmation email.`,
      decision.retryAfterSeconds,
    );
  }

  /**
   * Counts one form submission from this IP (every kind together, valid or not) and throws 429 once the hourly
   * budget is spent. Fails closed if Redis is down (ADR 0012): 503, so an outage is never a window for unbounded
   * anonymous writes and uploads.
   */
  async consumeFormSubmission(ip: string): Promise<void> {
    try {
      await this.formSubmissions.consume(networkOf(ip));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw this.formsUnavailable(error);
      const seconds = Math.ceil(error.msBeforeNext / 1000);
      const wait = minutes(seconds);
      throw new RateLimitedError(
        `You have sent many forms from this address in the last hour. Please try again in ${wait} minute${wait === 1 ? '' : 's'}, or call us if it is urgent.`,
        seconds,
      );
    }
  }

  /**
   * Counts one anonymous manuscript upload (up to 50 MB each) against this address's hourly budget and then against
   * every visitor's together, before a byte of it is read; 429 when either is spent, 503 when Redis is down. Call
   * {@link refundManuscriptUpload} when the upload ends up storing nothing, so refused files do not use up the shared
   * budget.
   */
  async consumeManuscriptUpload(ip: string): Promise<void> {
    const network = networkOf(ip);
    try {
      await this.manuscriptsPerAddress.consume(network);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw this.formsUnavailable(error);
      const wait = minutes(Math.ceil(error.msBeforeNext / 1000));
      throw new RateLimitedError(
        `You have sent several manuscripts from this address in the last hour. Please try again in ${wait} minute${wait === 1 ? '' : 's'}.`,
        Math.ceil(error.msBeforeNext / 1000),
      );
    }
    try {
      await this.manuscriptsTotal.consume('all');
    } catch (error) {
      await this.manuscriptsPerAddress.reward(network, 1).catch(() => undefined);
      if (!(error instanceof RateLimiterRes)) throw this.formsUnavailable(error);
      const wait = minutes(Math.ceil(error.msBeforeNext / 1000));
      throw new RateLimitedError(
        `We are receiving more manuscripts than usual right now. Please try again in ${wait} minute${wait === 1 ? '' : 's'}.`,
        Math.ceil(error.msBeforeNext / 1000),
      );
    }
  }

  /** Gives back the shared budget's slot of an upload that stored nothing (refused file, missing field). */
  async refundManuscriptUpload(): Promise<void> {
    await this.manuscriptsTotal.reward('all', 1).catch((error) => this.logger.warn(`could not refund a manuscript upload: ${String(error)}`));
  }

  private formsUnavailable(error: unknown): UnavailableError {
    this.logger.error(`form rate limiter unavailable, refusing: ${String(error)}`);
    return new UnavailableError('Sending forms is temporarily unavailable. Please try again in a few minutes.');
  }

  /**
   * Reserves one sign-in attempt before the password is checked. Each counter is a `consume` (one atomic Redis
   * script), so a burst cannot read a stale count: with 5 failures allowed per username+address, 50 parallel
   * guesses get at most 5 password checks and 429 for the rest. Settle the returned attempt with its outcome.
   * Fails closed: without Redis nobody can count guesses, so sign-in answers 503.
   */
  async reserveLogin(username: string, address: string): Promise<LoginAttempt> {
    const user = username.trim().toLowerCase();
    const ip = networkOf(address);
    const pair = `${user}|${ip}`;
    await this.reserve(this.loginPerAddress, ip, 'sign-in');
    try {
      await this.reserve(this.loginFailures, pair, 'sign-in');
    } catch (error) {
      // A refused attempt checks no password, so it does not spend the address's budget.
      await this.loginPerAddress.reward(ip, 1).catch(() => undefined);
      throw error;
    }
    let delayMs = 0;
    try {
      const failures = (await this.loginUserFailures.consume(user)).consumedPoints;
      const trusted = (await this.redis.exists(this.trustedKey(pair))) === 1;
      delayMs = trusted ? 0 : loginSlowdownMs(failures - 1, this.config.login.slowdownAfterFailures, this.config.login.slowdownMaxMs);
    } catch (error) {
      await this.refundLogin(user, ip, pair);
      throw this.unavailable('sign-in', error);
    }
    return {
      delayMs,
      succeeded: async () => {
        await Promise.all([
          this.loginFailures.delete(pair),
          this.loginPerAddress.reward(ip, 1),
          this.loginUserFailures.reward(user, 1),
          this.redis.set(this.trustedKey(pair), '1', 'EX', TRUSTED_ADDRESS_SECONDS),
        ]).catch((error) => this.logger.warn(`could not settle a successful sign-in: ${String(error)}`));
      },
      // A failure keeps what it reserved: that is the count.
      failed: async () => undefined,
      // Nothing was checked (identity busy or down): give the reservation back.
      aborted: () => this.refundLogin(user, ip, pair),
    };
  }

  /**
   * Counts a registration against the address's sign-in budget before identity hashes the password (each one
   * costs an argon2 hash like a sign-in). Fails closed like sign-in.
   */
  async consumeRegistration(ip: string): Promise<void> {
    await this.reserve(this.loginPerAddress, networkOf(ip), 'registration');
  }

  private async reserve(limiter: RateLimiterRedis, key: string, what: 'sign-in' | 'registration'): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw this.unavailable(what, error);
      const seconds = Math.ceil(error.msBeforeNext / 1000);
      const wait = `${minutes(seconds)} minute${minutes(seconds) === 1 ? '' : 's'}`;
      throw new RateLimitedError(
        limiter === this.loginPerAddress
          ? `Too many sign-in or registration attempts from this address. Please try again in ${wait}.`
          : `Too many failed login attempts. Please try again in ${wait}.`,
        seconds,
      );
    }
  }

  private async refundLogin(user: string, ip: string, pair: string): Promise<void> {
    await Promise.all([this.loginPerAddress.reward(ip, 1), this.loginFailures.reward(pair, 1), this.loginUserFailures.reward(user, 1)]).catch((error) =>
      this.logger.warn(`could not refund a sign-in attempt: ${String(error)}`),
    );
  }

  private unavailable(what: 'sign-in' | 'registration', error: unknown): UnavailableError {
    // The Redis error stays in our logs: it names hosts and ports a visitor has no use for.
    this.logger.error(`${what} limiter unavailable, refusing: ${String(error)}`);
    return new UnavailableError(
      what === 'sign-in'
        ? 'Sign-in is temporarily unavailable. Please try again in a few minutes.'
        : 'Registration is temporarily unavailable. Please try again in a few minutes.',
    );
  }

  /**
   * Reserves one check of a secret a signed-in or half-signed-in user gives again (a TOTP or recovery code, the
   * current password), per user, before it is checked (as sign-in does, ADR 0012): a six-digit code has only a
   * million values, so the guesses per user must be few. The user is known only after the password (a pending
   * sign-in) or from the session, so nobody can spend another person's budget without their password. A failure keeps
   * its slot, a success clears the count. Fails closed like sign-in.
   */
  async reserveSecondFactor(userId: string): Promise<LoginAttempt> {
    try {
      await this.secondFactorFailures.consume(userId);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw this.unavailable('sign-in', error);
      const seconds = Math.ceil(error.msBeforeNext / 1000);
      const wait = `${minutes(seconds)} minute${minutes(seconds) === 1 ? '' : 's'}`;
      throw new RateLimitedError(`Too many wrong codes or passwords for this account. Please try again in ${wait}.`, seconds);
    }
    return {
      delayMs: 0,
      succeeded: () =>
        this.secondFactorFailures.delete(userId).then(
          () => undefined,
          (error) => this.logger.warn(`could not clear a second-factor count: ${String(error)}`),
        ),
      failed: async () => undefined,
      aborted: () =>
        this.secondFactorFailures.reward(userId, 1).then(
          () => undefined,
          (error) => this.logger.warn(`could not refund a second-factor attempt: ${String(error)}`),
        ),
    };
  }

  private trustedKey(pair: string) {
    return `login-ok:${pair}`;
  }
}

/** An attempt reserved by {@link RateLimits.reserveLogin}: wait `delayMs`, check the password, then settle it. */
export interface LoginAttempt {
  delayMs: number;
  succeeded(): Promise<void>;
  failed(): Promise<void>;
  aborted(): Promise<void>;
}

/** An address that signed in as a user keeps skipping that user's slow-down for this long. */
const TRUSTED_ADDRESS_SECONDS = 30 * 24 * 3600;

/**
 * The per-username slow-down: failures for one username from every address together, beyond `after`, delay each
 * further attempt (250 ms, doubling, capped at `maxMs`). It only ever delays, never refuses, so an attacker
 * guessing the admin's password from elsewhere cannot lock the admin out; an address that signed in as that
 * user before skips it entirely.
 */
export function loginSlowdownMs(failures: number, after: number, maxMs: number): number {
  if (failures <= after) return 0;
  return Math.min(maxMs, 250 * 2 ** Math.min(failures - after - 1, 20));
}
