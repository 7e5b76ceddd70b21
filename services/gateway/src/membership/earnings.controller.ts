import {
  earningsStatementSchema,
  earningsYearSchema,
  MembershipSubjects,
  payoutMethodSchema,
  type EarningsStatement,
  type MemberPayoutAccount,
  type PayoutMethodRequest,
} from '@km/contracts/membership';
import { parseOrThrow, RpcClient } from '@km/nest-kit';
import { Controller, Get, Param, Put, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireAdmin, RequireMember, type AuthedRequest } from '../auth/guards';
import { sendCsvPages } from '../http/csv-reply';
import { ApiZodBody, ZodBody } from '../http/zod-body';

const YEAR_CSV_HEADER = ['member_id', 'first_name', 'last_name', 'email', 'payouts', 'profit_bonuses', 'total', 'form_1099_nec'];

/**
 * Where a member's earnings go (ADR 0062), and what each calendar year paid (ADR 0061): a member's own statement; for an admin, any member's and the yearly export
 * with the members at or above the year's 1099-NEC threshold flagged. The member's route reads only the session's
 * member: there is no member id to put in its address.
 */
@ApiTags('membership')
@Controller('api')
export class EarningsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('membership/earnings/:year')
  @RequireMember()
  @ApiOperation({
    summary: 'The member’s own earnings statement of a calendar year: each payout and profit bonus paid in it, the total, and the 1099-NEC flag.',
  })
  @ApiParam({ name: 'year', example: '2026' })
  @ApiResponse({ status: 400, description: 'The year is not written YYYY (2020–2099).' })
  own(@Req() req: AuthedRequest, @Param('year') year: string): Promise<EarningsStatement> {
    return this.rpc.send(MembershipSubjects.earningsStatement, parseOrThrow(earningsStatementSchema, { year, memberId: req.user!.memberId! }));
  }

  @Put('membership/payout-method')
  @RequireMember()
  @ApiOperation({
    summary:
      'Where the member’s earnings go (ADR 0062): {method: transfer} to their bank through Stripe, or {method: membership_credit} off their own $5 invoices. Answers the payout account state.',
  })
  @ApiZodBody(payoutMethodSchema)
  @ApiResponse({ status: 400, description: 'method is neither transfer nor membership_credit.' })
  payoutMethod(@Req() req: AuthedRequest, @ZodBody(payoutMethodSchema) body: PayoutMethodRequest): Promise<MemberPayoutAccount> {
    return this.rpc.send(MembershipSubjects.setPayoutMethod, { memberId: req.user!.memberId!, method: body.method });
  }

  @Get('admin/earnings/:year/members/:memberId')
  @RequireAdmin()
  @ApiOperation({ summary: 'A member’s earnings statement of a calendar year, for printing.' })
  @ApiParam({ name: 'year', example: '2026' })
  @ApiResponse({ status: 404, description: 'No such member.' })
  member(@Param('year') year: string, @Param('memberId') memberId: string): Promise<EarningsStatement> {
    return this.rpc.send(MembershipSubjects.earningsStatement, parseOrThrow(earningsStatementSchema, { year, memberId }));
  }

  @Get('admin/earnings/:file')
  @RequireAdmin()
  @ApiOperation({
    summary:
      'A year’s earnings per member as CSV (GET /api/admin/earnings/2026.csv): payouts, profit bonuses, total, and form_1099_nec = yes at or above the year’s threshold.',
  })
  @ApiParam({ name: 'file', example: '2026.csv' })
  async yearCsv(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const { year } = parseOrThrow(earningsYearSchema, { year: file.replace(/\.csv$/, '') });
    await sendCsvPages(
      reply,
      { name: `earnings-${year}.csv`, header: YEAR_CSV_HEADER },
      async () => (await this.rpc.send(MembershipSubjects.earningsYearRows, { year })).items,
      async (last) => (await this.rpc.send(MembershipSubjects.earningsYearRows, { year, after: last.memberId })).items,
      (r) => [r.memberId, r.firstName, r.lastName, r.email, r.payouts, r.profitBonuses, r.total, r.reportable ? 'yes' : 'no'],
    );
  }
}
