import {
  cancelMembershipSchema,
  createMembershipSchema,
  memberListSchema,
  MembershipSubjects,
  membershipSignupSchema,
  updateProfileSchema,
  type CancelMembershipRequest,
  type CreateMembershipRequest,
  type MemberCommission,
  type MemberPayoutAccount,
  type PayoutOnboardingLink,
  type MemberProfile,
  type MemberProfitBonus,
  type MemberReferral,
  type MembershipPayment,
  type MembershipSignup,
  type MemberStats,
  type UpdateProfileRequest,
} from '@km/contracts';
import { parseOrThrow, Public, RpcClient } from '@km/nest-kit';
import { Controller, Get, HttpCode, Inject, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireMember, type AuthedRequest } from '../auth/guards';
import { existingSignupBrowserKey, signupBrowserKey, startSession } from '../auth/session-cookie';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { CheckoutBudgeted } from '../http/budget-guards';

/** Marketshare (spec §3, §7): joining, and a member's own dashboard data. Rules and Stripe live in the membership service. */
@ApiTags('membership')
@Controller('api')
export class MembershipController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('create-membership-payment')
  @Public()
  @HttpCode(200)
  @CheckoutBudgeted()
  @ApiOperation({
    summary:
      'The payment step: an incomplete $5.00/month Stripe subscription whose first invoice the browser pays. It belongs to this browser (an HttpOnly km_signup cookie, ADR 0026): a repeat from the same browser answers the same one; another browser gets its own and never learns of this one.',
  })
  @ApiZodBody(membershipSignupSchema)
  @ApiResponse({ status: 200, description: '{clientSecret, subscriptionId, customerId}' })
  @ApiResponse({ status: 400, description: 'A bad field, e.g. an unknown referralCode (details.fields names it).' })
  @ApiResponse({ status: 409, description: 'details.reason already_member: the email already has an active membership.' })
  createPayment(
    @Req() req: AuthedRequest,
    @ZodBody(membershipSignupSchema) body: MembershipSignup,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<MembershipPayment> {
    const browserKey = signupBrowserKey(this.config.cookieSecure, req, res);
    return this.rpc.send(MembershipSubjects.createPayment, { ...body, browserKey }, this.config.checkoutRpcTimeoutMs);
  }

  @Post('memberships')
  @Public()
  @CheckoutBudgeted()
  @ApiOperation({
    summary:
      'Create the member once Stripe says the first invoice of this subscription is paid. 201 when created, 200 with the same member on a repeat. Signs in only the browser that started the payment step, once, and only when the email carries no other account; when it does, a sign-in link goes to that address (signIn: link_sent) and the membership joins that account when the link is used (ADR 0026).',
  })
  @ApiZodBody(createMembershipSchema)
  @ApiResponse({ status: 201, description: '{referralCode, signIn}: signIn is signed_in, link_sent (check the inbox) or none (a repeat).' })
  @ApiResponse({ status: 409, description: 'details.reason payment_incomplete, subscription_used or already_member.' })
  async join(
    @Req() req: AuthedRequest,
    @ZodBody(createMembershipSchema) body: CreateMembershipRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<{ referralCode: string; signIn: 'signed_in' | 'link_sent' | 'none' }> {
    // One request: membership joins, and for the browser that paid settles the account with identity (ADR 0038).
    const joined = await this.rpc.send(
      MembershipSubjects.joinAndSignIn,
      { ...body, browserKey: existingSignupBrowserKey(req), signedInUserId: req.user?.id },
      this.config.checkoutRpcTimeoutMs,
    );
    res.status(joined.created ? 201 : 200);
    if (joined.sessionUserId) await startSession(this.rpc, this.config.cookieSecure, req, res, joined.sessionUserId);
    return { referralCode: joined.referralCode, signIn: joined.signIn };
  }

  @Get('membership/profile')
  @RequireMember()
  @ApiOperation({ summary: "The member's profile (spec §3): names, email, phone, referral code, member since, status, totals." })
  profile(@Req() req: AuthedRequest): Promise<MemberProfile> {
    return this.rpc.send(MembershipSubjects.profile, { memberId: req.user!.memberId! });
  }

  @Put('membership/profile')
  @RequireMember()
  @ApiOperation({ summary: 'Change first name, last name and phone. An email in the body is refused (400): contact support to change it.' })
  @ApiZodBody(updateProfileSchema)
  updateProfile(@Req() req: AuthedRequest, @ZodBody(updateProfileSchema) profile: UpdateProfileRequest): Promise<MemberProfile> {
    return this.rpc.send(MembershipSubjects.updateProfile, { memberId: req.user!.memberId!, profile });
  }

  @Get('membership/referrals')
  @RequireMember()
  @ApiOperation({ summary: 'Members this member referred, newest first (a page; X-Total-Count has the whole count).' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number, description: '1 to 100, 50 by default.' })
  referrals(@Req() req: AuthedRequest, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<MemberReferral[]> {
    return this.page(MembershipSubjects.referrals, req, query, res);
  }

  @Get('membership/commissions')
  @RequireMember()
  @ApiOperation({ summary: 'Commissions, newest first (a page; X-Total-Count has the whole count).' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  commissions(@Req() req: AuthedRequest, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<MemberCommission[]> {
    return this.page(MembershipSubjects.commissions, req, query, res);
  }

  @Get('membership/profit-bonuses')
  @RequireMember()
  @ApiOperation({ summary: 'Profit bonuses, newest first (a page; X-Total-Count has the whole count).' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  profitBonuses(
    @Req() req: AuthedRequest,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<MemberProfitBonus[]> {
    return this.page(MembershipSubjects.profitBonuses, req, query, res);
  }

  @Get('membership/stats')
  @RequireMember()
  @ApiOperation({ summary: 'Totals for the stat cards: referrals, commissions (total, pending, paid), profit bonuses, discount percent.' })
  stats(@Req() req: AuthedRequest): Promise<MemberStats> {
    return this.rpc.send(MembershipSubjects.stats, { memberId: req.user!.memberId! });
  }

  @Get('membership/payout-account')
  @RequireMember()
  @ApiOperation({ summary: 'The member’s payout account (ADR 0048): none, onboarding, active or restricted, with what Stripe still needs.' })
  payoutAccount(@Req() req: AuthedRequest): Promise<MemberPayoutAccount> {
    return this.rpc.send(MembershipSubjects.payoutAccount, { memberId: req.user!.memberId! });
  }

  @Post('membership/payout-account/onboarding')
  @HttpCode(200)
  @RequireMember()
  @ApiOperation({ summary: 'Set up payouts: {url} of a Stripe onboarding link (the account is made once) that returns to /member-dashboard.' })
  payoutOnboarding(@Req() req: AuthedRequest): Promise<PayoutOnboardingLink> {
    return this.rpc.send(MembershipSubjects.payoutOnboarding, { memberId: req.user!.memberId! }, this.config.checkoutRpcTimeoutMs);
  }

  @Post('membership/cancel')
  @HttpCode(200)
  @RequireMember()
  @ApiOperation({
    summary:
      'Cancel at the end of the paid period (spec §9 "cancel anytime"), with an optional reason from a short list and a note (ADR 0059); the profile shows cancelAtPeriodEnd and the date.',
  })
  @ApiZodBody(cancelMembershipSchema)
  cancel(@Req() req: AuthedRequest, @ZodBody(cancelMembershipSchema) cancellation: CancelMembershipRequest): Promise<MemberProfile> {
    return this.rpc.send(MembershipSubjects.cancel, { memberId: req.user!.memberId!, cancellation }, this.config.checkoutRpcTimeoutMs);
  }

  @Post('membership/resume')
  @HttpCode(200)
  @RequireMember()
  @ApiOperation({ summary: 'Take back a cancellation before the period ends.' })
  resume(@Req() req: AuthedRequest): Promise<MemberProfile> {
    return this.rpc.send(MembershipSubjects.resume, { memberId: req.user!.memberId! }, this.config.checkoutRpcTimeoutMs);
  }

  private async page<S extends typeof MembershipSubjects.referrals | typeof MembershipSubjects.commissions | typeof MembershipSubjects.profitBonuses>(
    subject: S,
    req: AuthedRequest,
    query: Record<string, unknown>,
    res: FastifyReply,
  ) {
    const request = parseOrThrow(memberListSchema, { ...query, memberId: req.user!.memberId! });
    const page = await this.rpc.send(subject, request);
    res.header('X-Total-Count', String(page.total));
    return page.items as never;
  }
}
