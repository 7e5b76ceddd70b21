import { MembershipSubjects, payoutMonthSchema, payoutRowsSchema, type PayoutRow, type PayoutRun, type PayoutRunStart } from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PayoutRunner } from './payout-runner';
import { PayoutsQueue } from './payouts-queue';

/** Admin's payout runs over NATS; the gateway has checked the admin role. */
@Controller()
export class PayoutsHandlers {
  constructor(
    private readonly queue: PayoutsQueue,
    private readonly runner: PayoutRunner,
  ) {}

  @MessagePattern(MembershipSubjects.startPayoutRun)
  start(@Payload() payload: unknown): Promise<PayoutRunStart> {
    return this.queue.start(parseOrThrow(payoutMonthSchema, payload).month);
  }

  @MessagePattern(MembershipSubjects.listPayoutRuns)
  async list(): Promise<{ items: PayoutRun[] }> {
    return { items: await this.runner.list() };
  }

  @MessagePattern(MembershipSubjects.payoutRows)
  async rows(@Payload() payload: unknown): Promise<{ items: PayoutRow[] }> {
    const { month, after, limit } = parseOrThrow(payoutRowsSchema, payload);
    return { items: await this.runner.rows(month, after, limit) };
  }
}
