import { bonusPeriodSchema, MembershipSubjects, type ProfitBonusPeriod, type ProfitBonusPeriodDue, type ProfitBonusPeriodStart } from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProfitBonusRunner } from './profit-bonus-runner';
import { ProfitBonusesQueue } from './profit-bonuses-queue';

/** Admin's profit bonus periods over NATS; the gateway has checked the admin role. */
@Controller()
export class ProfitBonusesHandlers {
  constructor(
    private readonly queue: ProfitBonusesQueue,
    private readonly runner: ProfitBonusRunner,
  ) {}

  @MessagePattern(MembershipSubjects.startProfitBonusPeriod)
  start(@Payload() payload: unknown): Promise<ProfitBonusPeriodStart> {
    return this.queue.start(parseOrThrow(bonusPeriodSchema, payload).period);
  }

  @MessagePattern(MembershipSubjects.dueProfitBonusPeriod)
  due(): ProfitBonusPeriodDue {
    return this.queue.due();
  }

  @MessagePattern(MembershipSubjects.listProfitBonusPeriods)
  async list(): Promise<{ items: ProfitBonusPeriod[] }> {
    return { items: await this.runner.list() };
  }
}
