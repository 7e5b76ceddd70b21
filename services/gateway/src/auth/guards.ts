import { loginSchema, type PublicUser } from '@km/contracts';
import { ACCESS_METADATA, AppError, ForbiddenError, parseOrThrow, UnauthorizedError, type DeclaredAccess } from '@km/nest-kit';
import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiCookieAuth } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { RateLimits } from '../http/rate-limits';

export type AuthedRequest = FastifyRequest & { user?: PublicUser };

/**
 * Runs on every request: attaches the signed-in user when the session cookie is valid
 * and leaves `req.user` empty otherwise. Routes state what they need with the decorators below.
 */
@Injectable()
export class SessionGuard extends AuthGuard('session') {
  override handleRequest<T>(error: unknown, user: T): T {
    if (error instanceof AppError && error.code === 'unavailable') throw error;
    return (user || undefined) as T;
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    return true;
  }
}

const ROLE_KEY = ACCESS_METADATA;
type Requirement = DeclaredAccess;

@Injectable()
export class RoleGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const need = this.reflector.getAllAndOverride<Requirement | undefined>(ROLE_KEY, [context.getHandler(), context.getClass()]);
    if (!need || need === 'public') return true;
    const user = context.switchToHttp().getRequest<AuthedRequest>().user;
    if (!user) throw new UnauthorizedError('You need to sign in to do that.');
    if (need === 'admin' && !user.isAdmin) throw new ForbiddenError('Admin access required.');
    if (need === 'prayer_team' && !user.isAdmin && !user.roles?.includes('prayer_team')) throw new ForbiddenError('This is for the prayer team.');
    if (need === 'member' && !user.memberId)
      throw new ForbiddenError('This is for Marketshare members. Join on the Marketshare page, or sign in with your member email.');
    return true;
  }
}

export const RequireUser = () => applyDecorators(SetMetadata(ROLE_KEY, 'user'), ApiCookieAuth());
export const RequireAdmin = () => applyDecorators(SetMetadata(ROLE_KEY, 'admin'), ApiCookieAuth());
/** Admins and staff with the prayer-team role (ADR 0043): the prayer area, and nothing else for the role. */
export const RequirePrayerTeam = () => applyDecorators(SetMetadata(ROLE_KEY, 'prayer_team'), ApiCookieAuth());
/** A Marketshare member's session: 401 signed out, 403 signed in as someone who is not a member. */
export const RequireMember = () => applyDecorators(SetMetadata(ROLE_KEY, 'member'), ApiCookieAuth());

/**
 * Login: the body is validated first (400 naming the field), then the attempt is reserved against the
 * username+IP and per-IP budgets (429) and the username's slow-down is waited out, then the password strategy runs.
 */
@Injectable()
export class LoginBudgetGuard extends AuthGuard('local') {
  constructor(private readonly limits: RateLimits) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const { username } = parseOrThrow(loginSchema, req.body ?? {});
    const attempt = await this.limits.reserveLogin(username, req.ip ?? 'unknown');
    if (attempt.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, attempt.delayMs));
    try {
      await super.canActivate(context);
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthorized') await attempt.failed();
      else await attempt.aborted();
      throw error;
    }
    await attempt.succeeded();
    return true;
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error) throw error;
    if (!user) throw new UnauthorizedError('Invalid username or password');
    return user;
  }
}

export const UseLoginGuard = () => UseGuards(LoginBudgetGuard);
