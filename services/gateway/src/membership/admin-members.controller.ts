import {
  adminMemberListSchema,
  heldCommissionReviewSchema,
  MembershipSubjects,
  type AdminMember,
  type HeldCommission,
  type HeldCommissionReview,
} from '@km/contracts/membership';
import { parseOrThrow, RpcClient } from '@km/nest-kit';
import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireAdmin } from '../auth/guards';

/**
 * The admin's Marketshare members (ADR 0016): status, referrals, pending and paid totals, a page at a time; and the
 * commissions held for review as possible self-referral, with the admin's decision on each (ADR 0028).
 */
@ApiTags('admin')
@Controller('api/admin')
export class AdminMembersController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('members')
  @RequireAdmin()
  @ApiOperation({ summary: 'Members, newest first (a page of at most 100; X-Total-Count has the whole count).' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<AdminMember[]> {
    const page = await this.rpc.send(MembershipSubjects.listMembers, parseOrThrow(adminMemberListSchema, query));
    res.header('X-Total-Count', String(page.total));
    return page.items;
  }

  @Get('held-commissions')
  @RequireAdmin()
  @ApiOperation({ summary: 'Commissions held for review, oldest first, with the reason (a page of at most 100; X-Total-Count has the whole count).' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  async held(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<HeldCommission[]> {
    const page = await this.rpc.send(MembershipSubjects.listHeldCommissions, parseOrThrow(adminMemberListSchema, query));
    res.header('X-Total-Count', String(page.total));
    return page.items;
  }

  @Post('held-commissions/:commissionId/approve')
  @RequireAdmin()
  @HttpCode(200)
  @ApiOperation({ summary: 'Approves a held commission: it becomes pending and is paid by the monthly run (repeating it answers the same).' })
  approve(@Param('commissionId') commissionId: string): Promise<HeldCommissionReview> {
    return this.review(commissionId, 'approve');
  }

  @Post('held-commissions/:commissionId/reverse')
  @RequireAdmin()
  @HttpCode(200)
  @ApiOperation({ summary: 'Reverses a held commission: it is never paid (repeating it answers the same).' })
  reverse(@Param('commissionId') commissionId: string): Promise<HeldCommissionReview> {
    return this.review(commissionId, 'reverse');
  }

  private review(commissionId: string, decision: 'approve' | 'reverse'): Promise<HeldCommissionReview> {
    return this.rpc.send(MembershipSubjects.reviewHeldCommission, parseOrThrow(heldCommissionReviewSchema, { commissionId, decision }));
  }
}
