import {
  bonusPeriodSchema,
  MembershipSubjects,
  type ProfitBonusPeriod,
  type ProfitBonusPeriodDue,
  type ProfitBonusPeriodStart,
} from '@km/contracts/membership';
import { RpcClient } from '@km/nest-kit';
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RequireAdmin } from '../auth/guards';
import { ApiZodBody, ZodBody } from '../http/zod-body';

/** The admin's view of the half-yearly profit bonuses (ADR 0018): start or resume a period, list periods. */
@ApiTags('admin')
@Controller('api/admin/profit-bonus-periods')
export class ProfitBonusPeriodsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @HttpCode(202)
  @RequireAdmin()
  @ApiOperation({
    summary:
      'Start or resume the profit bonus run of a half-year (idempotent): {period, queued}. A completed period is answered as it is; before its payout day (15 July for H1, 15 January for H2) it is a 409.',
  })
  @ApiZodBody(bonusPeriodSchema)
  @ApiResponse({ status: 409, description: 'details.reason profit_bonus_not_due: the period’s payout day has not come yet.' })
  start(@ZodBody(bonusPeriodSchema) body: { period: string }): Promise<ProfitBonusPeriodStart> {
    return this.rpc.send(MembershipSubjects.startProfitBonusPeriod, body);
  }

  @Get('due')
  @RequireAdmin()
  @ApiOperation({
    summary:
      'The newest period whose payout day has come in the payout time zone: {period}. The admin form defaults to it, so the default is never one the start refuses.',
  })
  due(): Promise<ProfitBonusPeriodDue> {
    return this.rpc.send(MembershipSubjects.dueProfitBonusPeriod, {});
  }

  @Get()
  @RequireAdmin()
  @ApiOperation({ summary: 'Profit bonus periods, newest first: status, payout date, share, revenue, pool, member count and total.' })
  async list(): Promise<ProfitBonusPeriod[]> {
    return (await this.rpc.send(MembershipSubjects.listProfitBonusPeriods, {})).items;
  }
}
