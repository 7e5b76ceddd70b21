import type { ProfitBonusPeriodDue, ProfitBonusPeriodStart } from '@km/contracts';
import { ConflictError, SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { JobQueue, type Job } from '@km/nest-kit/jobs';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { MembershipConfig } from '../config';
import { calendarIn } from '../time/calendar';
import { isDue, lastDuePeriod, periodBounds, previousPeriod } from './bonus-periods';
import { ProfitBonusRunner } from './profit-bonus-runner';

export const PROFIT_BONUSES_QUEUE = 'profit-bonuses';
const SCHEDULER_ID = 'profit-bonuses-half-yearly';

interface ProfitBonusJob {
  /** Set when started by hand; a scheduled job pays the half-year before the one it fired in. */
  period?: string;
}

/**
 * The `profit-bonuses` queue (ARCHITECTURE §7), run like payouts: one job scheduler fires on 15 January and 15 July
 * (cron and time zone from config), the admin's start adds a job for a period, any replica may work it, and the
 * runner decides in the database, so two firings or a hand start during the scheduled run pay once.
 */
@Injectable()
export class ProfitBonusesQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue<ProfitBonusJob>;

  constructor(
    private readonly runner: ProfitBonusRunner,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
    @Inject(SERVICE_LOGGER) logger: Logger,
  ) {
    this.jobs = new JobQueue<ProfitBonusJob>(PROFIT_BONUSES_QUEUE, config.jobs.redisUrl, logger);
  }

  async onApplicationBootstrap() {
    const { schedule, timeZone, worker } = this.config.profitBonuses;
    await this.jobs.schedule(SCHEDULER_ID, { pattern: schedule, tz: timeZone }, 'scheduled-run', { removeOnComplete: 20 });
    if (!worker) return;
    this.jobs.work((job) => this.process(job), {
      concurrency: 1,
      failed: 'profit bonus run failed; it resumes when started again',
      failedLevel: 'error',
    });
  }

  onApplicationShutdown() {
    return this.jobs.close();
  }

  /** The period a job pays: the one asked for, or the half-year before the day (in the time zone) the schedule fired. */
  periodOf(job: Job<ProfitBonusJob>): string {
    return job.data.period ?? previousPeriod(calendarIn(this.config.profitBonuses.timeZone, new Date(job.timestamp + (job.delay ?? 0))).date);
  }

  private async process(job: Job<ProfitBonusJob>) {
    const done = await this.runner.run(this.periodOf(job));
    return { period: done.period, memberCount: done.memberCount, total: done.total };
  }

  /** The admin's default period: the newest one `start` accepts now, decided here so the browser's zone plays no part. */
  due(now = new Date()): ProfitBonusPeriodDue {
    return { period: lastDuePeriod(this.today(now)) };
  }

  /** The admin's start: refused before the period's payout day (its revenue is not all in); else as payouts. */
  async start(period: string, now = new Date()): Promise<ProfitBonusPeriodStart> {
    const today = this.today(now);
    if (!isDue(period, today)) {
      const { payoutDate } = periodBounds(period);
      throw new ConflictError('profit_bonus_not_due', `The profit bonuses for ${period} are paid on ${payoutDate} and cannot start before then.`);
    }
    const existing = await this.runner.find(period);
    if (existing?.status === 'completed') return { period: existing, queued: false };
    await this.jobs.queue.add('manual-run', { period }, { jobId: `profit-bonus-run-${period}`, removeOnComplete: true, removeOnFail: true });
    return { period: await this.runner.find(period), queued: true };
  }

  /** The calendar date in the payout time zone: the one `start` and `due` both judge by, so they cannot disagree. */
  private today(now: Date): string {
    return calendarIn(this.config.profitBonuses.timeZone, now).date;
  }
}
