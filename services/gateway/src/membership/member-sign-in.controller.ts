import { IdentitySubjects, MembershipSubjects, type PublicUser } from '@km/contracts';
import { parseOrThrow, Public, RpcClient } from '@km/nest-kit';
import { Body, Controller, HttpCode, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AuthedRequest } from '../auth/guards';
import { SESSION_COOKIE, sessionCookieOptions } from '../auth/session-cookie';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { FormsRateLimit } from '../forms/forms-rate-limit.guard';
import { RateLimits } from '../http/rate-limits';

const linkRequestSchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .max(254)
    .pipe(z.email({ error: 'email must be a valid email address' })),
});
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
  // Each request may send a mail: it counts against the address's hourly form budget, and a member's address gets at
  // most RATE_LIMIT_MEMBER_LINKS_PER_HOUR links an hour, so nobody can fill a member's inbox.
  @FormsRateLimit()
  @ApiOperation({
    summary:
      'Mail a one-time sign-in link (24 hours) to a member. Always 202, member or not, so nobody can learn who is a member; at most RATE_LIMIT_MEMBER_LINKS_PER_HOUR links per member per hour (further requests mail nothing), and counted against the per-address form budget (429).',
  })
  @ApiResponse({ status: 202, description: '{accepted: true}' })
  async request(@Body() body: unknown): Promise<{ accepted: true }> {
    const { email } = parseOrThrow(linkRequestSchema, body ?? {});
    const { member } = await this.rpc.send(MembershipSubjects.findByEmail, { email });
    if (member && !(await this.limits.allowMemberLink(member.email))) {
      this.logger.warn(`sign-in link for member ${member.memberId} not mailed: the hourly limit for the address is spent`);
    } else if (member) {
      const user = await this.rpc.send(IdentitySubjects.ensureMemberUser, { memberId: member.memberId, email: member.email });
      const link = await this.rpc.send(IdentitySubjects.createMemberLink, { memberId: user.memberId! });
      // A fragment, not a query: it never reaches a server log or a Referer header.
      const url = `${this.config.publicOrigin}/member-dashboard#signin=${encodeURIComponent(link.token)}`;
      await this.rpc.send(MembershipSubjects.signInLinkMail, { email: member.email, firstName: member.firstName, link: url, linkId: link.linkId });
      this.logger.log(`sign-in link ${link.linkId} mailed to member ${member.memberId}`);
    }
    return { accepted: true };
  }

  @Post('redeem')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with a mailed link’s token: once, within 24 hours. Sets the session cookie.' })
  @ApiResponse({ status: 401, description: 'The link is unknown, used or expired; the message says to request a new one.' })
  async redeem(@Req() req: AuthedRequest, @Body() body: unknown, @Res({ passthrough: true }) res: FastifyReply): Promise<{ user: PublicUser }> {
    const { token } = parseOrThrow(redeemSchema, body ?? {});
    const user = await this.rpc.send(IdentitySubjects.redeemMemberLink, { token });
    const previous: unknown = req.cookies?.[SESSION_COOKIE];
    if (typeof previous === 'string' && previous && previous.length <= 200) await this.rpc.send(IdentitySubjects.revokeSession, { token: previous });
    const session = await this.rpc.send(IdentitySubjects.createSession, { userId: user.id });
    res.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(this.config.cookieSecure, new Date(session.expiresAt)));
    return { user };
  }
}
