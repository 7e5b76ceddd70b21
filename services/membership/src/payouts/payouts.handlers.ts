import {
  memberIdSchema,
  MembershipSubjects,
  payoutIdSchema,
  payoutMethodMessageSchema,
  payoutMonthSchema,
  payoutRowsSchema,
  type MemberPayoutAccount,
  type PayoutOnboardingLink,
  type PayoutRetry,
  type PayoutRow,
  type PayoutRun,
  type PayoutRunStart,
} from '@km/contracts';
import { NotFoundError, parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PayoutAccounts } from './payout-accounts';
import { PayoutRunner } from './payout-runner';
import { PayoutTransfers } from './payout-transfers';
import { PayoutsQueue } from './payouts-queue';

/** Payout runs and transfers over NATS; the gateway has checked the admin role, or which member is asking. */
@Controller()
export class PayoutsHandlers {
  constructor(
    private readonly queue: PayoutsQueue,
    private readonly runner: PayoutRunner,
    private readonly accounts: PayoutAccounts,
    private readonly transfers: PayoutTransfers,
  ) {}

  @MessagePattern(MembershipSubjects.payoutAccount)
  account(@Payload() payload: unknown): Promise<MemberPayoutAccount> {
    return this.accounts.state(parseOrThrow(memberIdSchema, payload).memberId);
  }

  @MessagePattern(MembershipSubjects.payoutOnboarding)
  async onboarding(@Payload() payload: unknown): Promise<PayoutOnboardingLink> {
    const link = await this.accounts.onboardingLink(parseOrThrow(memberIdSchema, payload).memberId);
    if (!link) throw new NotFoundError('member', parseOrThrow(memberIdSchema, payload).memberId);
    return link;
  }

  @MessagePattern(MembershipSubjects.setPayoutMethod)
  setMethod(@Payload() payload: unknown): Promise<MemberPayoutAccount> {
    const { memberId, method } = parseOrThrow(payoutMethodMessageSchema, payload);
    return this.accounts.setMethod(memberId, method);
  }

  @MessagePattern(MembershipSubjects.retryPayout)
  async retry(@Payload() payload: unknown): Promise<PayoutRetry> {
    const { payoutId } = parseOrThrow(payoutIdSchema, payload);
    if (!(await this.runner.exists(payoutId))) throw new NotFoundError('payout', payoutId);
    return { payoutId, outcome: await this.transfers.transfer(payoutId) };
  }

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
