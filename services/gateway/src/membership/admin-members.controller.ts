import { adminMemberListSchema, MembershipSubjects, type AdminMember } from '@km/contracts';
import { parseOrThrow, RpcClient } from '@km/nest-kit';
import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireAdmin } from '../auth/guards';

/** The admin's Marketshare members (issue 13): status, referrals, pending and paid totals, a page at a time. */
@ApiTags('admin')
@Controller('api/admin/members')
export class AdminMembersController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @RequireAdmin()
  @ApiOperation({ summary: 'Members, newest first (a page of at most 100; X-Total-Count has the whole count).' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<AdminMember[]> {
    const page = await this.rpc.send(MembershipSubjects.listMembers, parseOrThrow(adminMemberListSchema, query));
    res.header('X-Total-Count', String(page.total));
    return page.items;
  }
}
