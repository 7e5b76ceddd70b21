import { IdentitySubjects, registerSchema, loginSchema, sessionTokenSchema, type PublicUser, type RegisterInput } from '@km/contracts';
import { ForbiddenError, invalidFields, parseOrThrow, Public, RpcClient, UnauthorizedError } from '@km/nest-kit';
import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { RateLimits } from '../http/rate-limits';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { UseLoginGuard, type AuthedRequest } from './guards';
import { SESSION_COOKIE, sessionCookieOptions, startSession } from './session-cookie';

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
  @ApiOperation({ summary: 'Sign in with username and password; sets the session cookie.' })
  @ApiZodBody(loginSchema)
  async login(@Req() req: AuthedRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<{ user: PublicUser }> {
    const user = req.user as PublicUser;
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
      'Create a user; the account starts unverified and a confirmation link is mailed (ADR 0026). A visitor must give an email and always gets 202 {accepted: true}, whether or not the username or email was free (what must be said goes by mail to the address). An admin gets 201 {user} or a precise 409, and may create an admin (isAdmin=true).',
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
}
