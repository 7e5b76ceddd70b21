import { IdentitySubjects, memberCodeSchema, MembershipSubjects, type PublicUser } from '@km/contracts';
import { ForbiddenError, parseOrThrow, Public, RpcClient } from '@km/nest-kit';
import { Body, Controller, HttpCode, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AuthedRequest } from '../auth/guards';
import { startSession } from '../auth/session-cookie';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { FormsBudgeted } from '../http/budget-guards';
import { RateLimits } from '../http/rate-limits';

const linkRequestSchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .max(254)
    .pipe(z.email({ error: 'email must be a valid email address' })),
});
export const ADMIN_NOT_BY_LINK =
  'This is an admin account, so it does not sign in by emailed link. Your membership is now on the account: sign in with Admin Login (password and code).';
const redeemSchema = z.object({ token: z.string({ error: 'token is required' }).min(20, 'token is not a sign-in link token').max(200) });

/**
 * Members have no password (ARCHITECTURE §6): they ask for a link by email and sign in with it. The link opens
 * /member-dashboard, whose page signs in with a POST, so a mail scanner that fetches the link does not use it up.
 */
@ApiTags('auth')
@Controller('api/auth/member-link')
export class MemberSignInController {
  private readonly logger = new Logger('MemberSignIn');

  constructor(
    private readonly rpc: RpcClient,
    private readonly limits: RateLimits,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post()
  @Public()
  @HttpCode(202)
  // Each request may send a mail: it counts against the address's hourly form budget, and an address gets at most
  // RATE_LIMIT_MEMBER_LINKS_PER_HOUR links an hour, member or not, so nobody can fill an inbox.
  @FormsBudgeted()
  @ApiOperation({
    summary:
      'Mail a one-time sign-in link (15 minutes) and six-digit code to a member. Always 202 at once, member or not, with the same work done before the answer whoever asks, so nobody can learn who is a member; at most RATE_LIMIT_MEMBER_LINKS_PER_HOUR per address per hour (further requests mail nothing), and counted against the per-address form budget (429).',
  })
  @ApiResponse({ status: 202, description: '{accepted: true}' })
  async request(@Body() body: unknown): Promise<{ accepted: true }> {
    const { email } = parseOrThrow(linkRequestSchema, body ?? {});
    // The budget is spent for any address, so a member's address and a stranger's cost the same before the answer.
    if (!(await this.limits.allowMemberLink(email))) {
      this.logger.warn('sign-in link not mailed: the hourly limit for the address is spent');
      return { accepted: true };
    }
    // Looking the member up, making the link and mailing it happen after the answer, in membership, which asks
    // identity for the account and the link (ADR 0038).
    void this.rpc
      .send(MembershipSubjects.sendMemberLink, { email })
      .catch((error: unknown) => this.logger.error(`mailing a sign-in link failed: ${String(error)}`));
    return { accepted: true };
  }

  @Post('redeem')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with a mailed link’s token: once, within 15 minutes. Sets the session cookie.' })
  @ApiResponse({ status: 401, description: 'The link is unknown, used or expired; the message says to request a new one.' })
  async redeem(@Req() req: AuthedRequest, @Body() body: unknown, @Res({ passthrough: true }) res: FastifyReply): Promise<{ user: PublicUser }> {
    const { token } = parseOrThrow(redeemSchema, body ?? {});
    const user = await this.rpc.send(IdentitySubjects.redeemMemberLink, { token });
    return this.signIn(req, res, user);
  }

  @Post('code')
  @Public()
  @HttpCode(200)
  // Guessing costs the address's form budget as well as the link's five tries.
  @FormsBudgeted()
  @ApiOperation({
    summary:
      'Sign in with the six-digit code from the newest sign-in email and the address it was sent to (for a device where the link opens in another browser). Five wrong codes retire the link. Sets the session cookie.',
  })
  @ApiResponse({ status: 401, description: 'The code is wrong or expired; the message says to check the latest email or ask for a new link.' })
  async redeemCode(@Req() req: AuthedRequest, @Body() body: unknown, @Res({ passthrough: true }) res: FastifyReply): Promise<{ user: PublicUser }> {
    const { email, code } = parseOrThrow(memberCodeSchema, body ?? {});
    const user = await this.rpc.send(IdentitySubjects.redeemMemberCode, { email, code });
    return this.signIn(req, res, user);
  }

  /**
   * A link proves the mailbox, not the admin's second factor: an admin account's membership is attached by it, but
   * the admin signs in through Admin Login with password and code (issue 25), never by a mailed link.
   */
  private async signIn(req: AuthedRequest, res: FastifyReply, user: PublicUser): Promise<{ user: PublicUser }> {
    if (user.isAdmin) throw new ForbiddenError(ADMIN_NOT_BY_LINK);
    await startSession(this.rpc, this.config.cookieSecure, req, res, user.id);
    return { user };
  }
}
