import { MembershipSubjects, payoutIdSchema, payoutMonthSchema, type PayoutRetry, type PayoutRun, type PayoutRunStart } from '@km/contracts/membership';
import { parseOrThrow, RpcClient } from '@km/nest-kit';
import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireAdmin } from '../auth/guards';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { takeOver } from '../http/raw-reply';

const CSV_HEADER = 'payout_id,member_id,first_name,last_name,email,amount,payout_date,commissions,status,held_reason,transfer_id';
/** A field as RFC 4180 wants it; a leading =, +, - or @ is prefixed so a spreadsheet does not run it as a formula. */
const csvField = (value: string | number) => {
  const text = String(value);
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

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

  @Get(':file')
  @RequireAdmin()
  @ApiOperation({ summary: 'A run’s payouts as CSV (one line per member paid): GET /api/admin/payout-runs/2026-11.csv' })
  @ApiParam({ name: 'file', example: '2026-11.csv' })
  async csv(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const { month } = parseOrThrow(payoutMonthSchema, { month: file.replace(/\.csv$/, '') });
    // Pages from membership (a whole run does not fit one NATS message); the first page is read before headers go out,
    // so an error still becomes a proper status.
    let page = (await this.rpc.send(MembershipSubjects.payoutRows, { month })).items;
    reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="payouts-${month}.csv"`);
    const res = takeOver(reply, 200);
    res.write(`${CSV_HEADER}\n`);
    while (page.length > 0) {
      res.write(
        page
          .map(
            (r) =>
              [
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
              ]
                .map(csvField)
                .join(',') + '\n',
          )
          .join(''),
      );
      page = (await this.rpc.send(MembershipSubjects.payoutRows, { month, after: page[page.length - 1].payoutId })).items;
    }
    res.end();
  }
}
