import {
  changePasswordBodySchema,
  disableTotpBodySchema,
  IdentitySubjects,
  registerSchema,
  loginSchema,
  secondFactorCodeSchema,
  sessionTokenSchema,
  type ChangePasswordInput,
  type CompletedLogin,
  type DisableTotpInput,
  type PublicUser,
  type RegisterInput,
  type SecondFactorCodeInput,
  type TotpEnrolment,
  type TotpStatus,
} from '@km/contracts/identity';
import { AppError, ForbiddenError, invalidFields, parseOrThrow, Public, RpcClient, UnauthorizedError } from '@km/nest-kit';
import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { RateLimits } from '../http/rate-limits';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { RequireAdmin, RequireUser, UseLoginGuard, type AuthedRequest } from './guards';
import { PENDING_LOGIN_COOKIE, pendingLoginCookieOptions, SESSION_COOKIE, sessionCookieOptions, startSession } from './session-cookie';

/** What login answers when the password was right but an admin's second factor must follow (no session yet). */
export interface SecondFactorRequired {
  secondFactor: 'totp' | 'totp-enrolment';
}

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly limits: RateLimits,
  ) {}

  @Post('login')
  @Public()
  @HttpCode(200)
  @UseLoginGuard()
  @ApiOperation({
    summary:
      'Sign in with username and password; sets the session cookie. An admin answers {secondFactor} instead, with a pending sign-in cookie that POST /api/auth/login/totp completes.',
  })
  @ApiZodBody(loginSchema)
  async login(@Req() req: AuthedRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<{ user: PublicUser } | SecondFactorRequired> {
    const user = req.user as PublicUser;
    if (user.isAdmin) {
      const step = await this.rpc.send(IdentitySubjects.startLogin, { userId: user.id });
      if (step.next !== 'session') {
        res.setCookie(PENDING_LOGIN_COOKIE, step.pendingToken, pendingLoginCookieOptions(this.config.cookieSecure, new Date(step.expiresAt)));
        return { secondFactor: step.next };
      }
    }
    await startSession(this.rpc, this.config.cookieSecure, req, res, user.id);
    return { user };
  }

  @Post('logout')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke the current session and clear its cookie. Succeeds when already signed out.' })
  async logout(@Req() req: AuthedRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<{ ok: true }> {
    const token: unknown = req.cookies?.[SESSION_COOKIE];
    if (typeof token === 'string' && token && token.length <= 200) await this.rpc.send(IdentitySubjects.revokeSession, { token });
    // Expired rather than clearCookie's Max-Age=0: the same header Express sent (`km_session=; Path=/; Expires=…1970`).
    res.setCookie(SESSION_COOKIE, '', sessionCookieOptions(this.config.cookieSecure, new Date(0)));
    return { ok: true };
  }

  @Get('me')
  @Public()
  @ApiOperation({ summary: 'The signed-in user; 401 when signed out.' })
  me(@Req() req: AuthedRequest): { user: PublicUser } {
    if (!req.user) throw new UnauthorizedError('Not authenticated');
    return { user: req.user };
  }

  @Post('register')
  @Public()
  @ApiOperation({
    summary:
      'Create a user; the account starts unverified and a confirmation link is mailed (ADR 0026). A visitor must give an email and always gets 202 {accepted: true}, whether or not the username or email was free (what must be said goes by mail to the address). An admin gets 201 {user} or a precise 409, and may create an admin (isAdmin=true) or a prayer-team member (roles: ["prayer_team"], ADR 0043).',
  })
  @ApiZodBody(registerSchema)
  @ApiResponse({ status: 202, description: '{accepted: true}: check the inbox (visitors).' })
  @ApiResponse({ status: 201, description: '{user} (admins).' })
  async register(
    @Req() req: AuthedRequest,
    @ZodBody(registerSchema) body: RegisterInput,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<{ user: PublicUser } | { accepted: true }> {
    const byAdmin = Boolean(req.user?.isAdmin);
    if (body.isAdmin && !byAdmin) throw new ForbiddenError('Only an admin can create an admin account.');
    if (body.roles.length && !byAdmin) throw new ForbiddenError('Only an admin can give a staff role.');
    if (!byAdmin && !body.email) throw invalidFields([{ field: 'email', message: 'email is required: we send a link to it to confirm the account is yours' }]);
    // Each registration costs identity an argon2 hash, so a visitor's count against the address's sign-in budget.
    if (!byAdmin) await this.limits.consumeRegistration(req.ip ?? 'unknown');
    const { user } = await this.rpc.send(IdentitySubjects.register, { ...body, byAdmin });
    if (byAdmin && user) {
      res.status(201);
      return { user };
    }
    res.status(202);
    return { accepted: true };
  }

  @Post('verify-email')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm an email address with the token of the mailed link (once, within 24 hours). Signs nobody in.' })
  @ApiResponse({ status: 401, description: 'The link is unknown, used or expired; the message says what to do.' })
  async verifyEmail(@Body() body: unknown): Promise<{ verified: true }> {
    const { token } = parseOrThrow(sessionTokenSchema, body ?? {});
    await this.rpc.send(IdentitySubjects.verifyEmail, { token });
    return { verified: true };
  }

  // ADR 0029: the admin second factor, sign out everywhere and password change.

  @Post('login/totp')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Completes a pending sign-in with a 6-digit TOTP code or a recovery code; sets the session cookie. When the sign-in was a required enrolment, the first code confirms it and the answer carries the ten recovery codes (shown once).',
  })
  @ApiZodBody(secondFactorCodeSchema)
  async completeLogin(
    @Req() req: AuthedRequest,
    @ZodBody(secondFactorCodeSchema) body: SecondFactorCodeInput,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CompletedLogin> {
    const pendingToken = this.pendingLoginToken(req);
    const { userId } = await this.rpc.send(IdentitySubjects.pendingLoginUser, { pendingToken });
    const done = await this.checkingCode(userId, () => this.rpc.send(IdentitySubjects.completeLogin, { pendingToken, code: body.code }));
    res.setCookie(PENDING_LOGIN_COOKIE, '', pendingLoginCookieOptions(this.config.cookieSecure, new Date(0)));
    await startSession(this.rpc, this.config.cookieSecure, req, res, done.user.id);
    return done;
  }

  @Post('login/totp/setup')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'For a pending sign-in of an admin who must enrol first: the TOTP secret, as text and as a QR code.' })
  setupPendingLoginTotp(@Req() req: AuthedRequest): Promise<TotpEnrolment> {
    return this.rpc.send(IdentitySubjects.setupPendingLoginTotp, { pendingToken: this.pendingLoginToken(req) });
  }

  @Get('totp')
  @RequireAdmin()
  @ApiOperation({ summary: "Whether the admin's two-factor authentication is on, and how many recovery codes are left." })
  totpStatus(@Req() req: AuthedRequest): Promise<TotpStatus> {
    return this.rpc.send(IdentitySubjects.totpStatus, { userId: req.user!.id });
  }

  @Post('totp/setup')
  @RequireAdmin()
  @HttpCode(200)
  @ApiOperation({ summary: 'Starts TOTP enrolment: a new secret (text and QR code) that a first valid code confirms.' })
  setupTotp(@Req() req: AuthedRequest): Promise<TotpEnrolment> {
    return this.rpc.send(IdentitySubjects.setupTotp, { userId: req.user!.id });
  }

  @Post('totp/confirm')
  @RequireAdmin()
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirms the enrolment with a code from the app; answers ten single-use recovery codes, shown once.' })
  @ApiZodBody(secondFactorCodeSchema)
  confirmTotp(@Req() req: AuthedRequest, @ZodBody(secondFactorCodeSchema) body: SecondFactorCodeInput): Promise<{ recoveryCodes: string[] }> {
    const userId = req.user!.id;
    return this.checkingCode(userId, () => this.rpc.send(IdentitySubjects.confirmTotp, { userId, code: body.code }));
  }

  @Post('totp/disable')
  @RequireAdmin()
  @HttpCode(200)
  @ApiOperation({ summary: 'Turns two-factor authentication off; needs the current password and a code.' })
  @ApiZodBody(disableTotpBodySchema)
  disableTotp(@Req() req: AuthedRequest, @ZodBody(disableTotpBodySchema) body: DisableTotpInput): Promise<{ ok: true }> {
    const userId = req.user!.id;
    return this.checkingCode(userId, () => this.rpc.send(IdentitySubjects.disableTotp, { userId, ...body }));
  }

  @Post('sessions/revoke-all')
  @RequireUser()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out everywhere: revokes every session of the caller, this one included, and clears the cookie.' })
  async revokeAllSessions(@Req() req: AuthedRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<{ revokedSessions: number }> {
    const result = await this.rpc.send(IdentitySubjects.revokeAllSessions, { userId: req.user!.id });
    res.setCookie(SESSION_COOKIE, '', sessionCookieOptions(this.config.cookieSecure, new Date(0)));
    return result;
  }

  @Post('password')
  @RequireUser()
  @HttpCode(200)
  @ApiOperation({ summary: 'Changes the password (current one required); every other session of the user is revoked, this one stays.' })
  @ApiZodBody(changePasswordBodySchema)
  changePassword(@Req() req: AuthedRequest, @ZodBody(changePasswordBodySchema) body: ChangePasswordInput): Promise<{ revokedSessions: number }> {
    const userId = req.user!.id;
    // The session guard resolved this cookie, so it is the caller's session: the one that stays signed in.
    const keepToken = String(req.cookies?.[SESSION_COOKIE]);
    return this.checkingCode(userId, () => this.rpc.send(IdentitySubjects.changePassword, { userId, keepToken, ...body }));
  }

  /** Issues a session for a user whose sign-in is complete, revoking the session this browser had before. */
  private pendingLoginToken(req: AuthedRequest): string {
    const token: unknown = req.cookies?.[PENDING_LOGIN_COOKIE];
    if (typeof token !== 'string' || token.length === 0 || token.length > 200)
      throw new UnauthorizedError('No sign-in is waiting for a code (it may have expired). Please sign in with your password again.');
    return token;
  }

  /** Runs a check of a code or current password under the user's budget (429 once spent); a wrong one keeps its slot. */
  private async checkingCode<T>(userId: string, check: () => Promise<T>): Promise<T> {
    const attempt = await this.limits.reserveSecondFactor(userId);
    try {
      const result = await check();
      await attempt.succeeded();
      return result;
    } catch (error) {
      await (isWrongSecret(error) ? attempt.failed() : attempt.aborted());
      throw error;
    }
  }
}

/** A wrong code or current password spends the budget; a refused new password or an expired sign-in does not. */
function isWrongSecret(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  if (error.code === 'unauthorized') return true;
  const fields = (error.details as { fields?: { field: string }[] } | undefined)?.fields ?? [];
  return error.code === 'invalid' && fields.some((f) => f.field === 'code' || f.field === 'currentPassword');
}
