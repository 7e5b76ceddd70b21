import { IdentitySubjects, registerSchema, loginSchema, type PublicUser, type RegisterInput } from '@km/contracts';
import { ForbiddenError, Public, RpcClient, UnauthorizedError } from '@km/nest-kit';
import { Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { RateLimits } from '../http/rate-limits';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { UseLoginGuard, type AuthedRequest } from './guards';
import { SESSION_COOKIE, sessionCookieOptions } from './session-cookie';

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
    const previous: unknown = req.cookies?.[SESSION_COOKIE];
    if (typeof previous === 'string' && previous) await this.rpc.send(IdentitySubjects.revokeSession, { token: previous });
    const session = await this.rpc.send(IdentitySubjects.createSession, { userId: user.id });
    res.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(this.config.cookieSecure, new Date(session.expiresAt)));
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
  @ApiOperation({ summary: 'Create a user. isAdmin=true is honoured only when an admin calls it.' })
  @ApiZodBody(registerSchema)
  async register(@Req() req: AuthedRequest, @ZodBody(registerSchema) body: RegisterInput): Promise<{ user: PublicUser }> {
    if (body.isAdmin && !req.user?.isAdmin) throw new ForbiddenError('Only an admin can create an admin account.');
    // Each registration costs identity an argon2 hash, so a visitor's count against the address's sign-in budget.
    if (!req.user?.isAdmin) await this.limits.consumeRegistration(req.ip ?? 'unknown');
    const user = await this.rpc.send(IdentitySubjects.register, body);
    return { user };
  }
}
