import {
  MembershipSubjects,
  payoutIdSchema,
  payoutMonthSchema,
  payoutRowsSchema,
  type PayoutRetry,
  type PayoutRow,
  type PayoutRun,
  type PayoutRunStart,
} from '@km/contracts/membership';
import { parseOrThrow, RpcClient } from '@km/nest-kit';
import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireAdmin } from '../auth/guards';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { sendCsvPages } from '../http/csv-reply';

const CSV_HEADER = [
  'payout_id',
  'member_id',
  'first_name',
  'last_name',
  'email',
  'amount',
  'payout_date',
  'commissions',
  'status',
  'held_reason',
  'transfer_id',
];
/** Payouts per page of the admin's run view (the CSV pages by thousands). */
const VIEW_PAGE = 100;

/** The admin's view of the monthly payouts (ADR 0016): start or resume a month's run, list runs, export one as CSV. */
@ApiTags('admin')
@Controller('api/admin/payout-runs')
export class PayoutRunsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @HttpCode(202)
  @RequireAdmin()
  @ApiOperation({
    summary:
      'Start or resume the payout run of a month (idempotent): {run, queued}. A completed run is answered as it is; a month whose 15th has not come is a 409.',
  })
  @ApiZodBody(payoutMonthSchema)
  @ApiResponse({ status: 409, description: 'details.reason payout_not_due: the month’s 15th has not come yet.' })
  start(@ZodBody(payoutMonthSchema) body: { month: string }): Promise<PayoutRunStart> {
    return this.rpc.send(MembershipSubjects.startPayoutRun, body);
  }

  @Get()
  @RequireAdmin()
  @ApiOperation({ summary: 'Payout runs, newest month first: month, status, payout date, member count and total.' })
  async list(): Promise<PayoutRun[]> {
    return (await this.rpc.send(MembershipSubjects.listPayoutRuns, {})).items;
  }

  @Post('payouts/:payoutId/retry')
  @HttpCode(200)
  @RequireAdmin()
  @ApiOperation({ summary: 'Transfer one held payout now (ADR 0048): {payoutId, outcome} — paid, or the reason it is still held.' })
  @ApiParam({ name: 'payoutId', description: 'the payout id (UUID)' })
  @ApiResponse({ status: 404, description: 'No such payout.' })
  retry(@Param('payoutId') payoutId: string): Promise<PayoutRetry> {
    return this.rpc.send(MembershipSubjects.retryPayout, parseOrThrow(payoutIdSchema, { payoutId }), 30_000);
  }

  @Get(':month/payouts')
  @RequireAdmin()
  @ApiOperation({
    summary:
      'A page of a run’s payouts (100, in payout id order after `after`): status, held reason, what Stripe said of a failed transfer, and the transfer id (ADR 0061).',
  })
  @ApiParam({ name: 'month', example: '2026-11' })
  @ApiQuery({ name: 'after', required: false, description: 'the last payout id of the previous page' })
  async payouts(@Param('month') month: string, @Query('after') after?: string): Promise<PayoutRow[]> {
    const page = parseOrThrow(payoutRowsSchema, { month, after, limit: VIEW_PAGE });
    return (await this.rpc.send(MembershipSubjects.payoutRows, page)).items;
  }

  @Get(':file')
  @RequireAdmin()
  @ApiOperation({ summary: 'A run’s payouts as CSV (one line per member paid): GET /api/admin/payout-runs/2026-11.csv' })
  @ApiParam({ name: 'file', example: '2026-11.csv' })
  async csv(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const { month } = parseOrThrow(payoutMonthSchema, { month: file.replace(/\.csv$/, '') });
    await sendCsvPages(
      reply,
      { name: `payouts-${month}.csv`, header: CSV_HEADER },
      async () => (await this.rpc.send(MembershipSubjects.payoutRows, { month })).items,
      async (last) => (await this.rpc.send(MembershipSubjects.payoutRows, { month, after: last.payoutId })).items,
      (r) => [
        r.payoutId,
        r.memberId,
        r.firstName,
        r.lastName,
        r.email,
        r.amount,
        r.payoutDate,
        r.commissions,
        r.status,
        r.heldReason ?? '',
        r.transferId ?? '',
      ],
    );
  }
}
