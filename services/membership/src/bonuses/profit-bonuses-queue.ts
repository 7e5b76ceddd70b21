import type { ProfitBonusPeriodDue, ProfitBonusPeriodStart } from '@km/contracts';
import { ConflictError, SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { ScheduledRuns, ScheduledRunsOwner } from '@km/nest-kit/jobs';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { MembershipConfig } from '../config';
import { calendarIn } from '../time/calendar';
import { isDue, lastDuePeriod, periodBounds, previousPeriod } from './bonus-periods';
import { ProfitBonusRunner } from './profit-bonus-runner';

export const PROFIT_BONUSES_QUEUE = 'profit-bonuses';

/**
 * The `profit-bonuses` queue (ARCHITECTURE §7), scheduled runs from the kit like payouts: fires on 15 January and
 * 15 July (cron and time zone from config) for the half-year before, the admin's start adds a job for a period, and
 * the runner decides in the database, so two firings or a hand start during the scheduled run pay once.
 */
@Injectable()
export class ProfitBonusesQueue extends ScheduledRunsOwner<'period'> {
  protected readonly runs: ScheduledRuns<'period'>;

  constructor(
    private readonly runner: ProfitBonusRunner,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
    @Inject(SERVICE_LOGGER) logger: Logger,
  ) {
    super();
    const { schedule, timeZone, worker } = config.profitBonuses;
    this.runs = new ScheduledRuns(
      {
        queue: PROFIT_BONUSES_QUEUE,
        keyField: 'period',
        scheduler: { id: 'profit-bonuses-half-yearly', pattern: schedule, tz: timeZone, keepCompleted: 20 },
        worker,
        failed: 'profit bonus run failed; it resumes when started again',
        keyAt: (firedAt) => previousPeriod(calendarIn(timeZone, firedAt).date),
        run: (key) => this.runner.run(key).then(({ period, memberCount, total }) => ({ period, memberCount, total })),
      },
      config.jobs.redisUrl,
      logger,
    );
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
    await this.runs.queueRun(period, `profit-bonus-run-${period}`);
    return { period: await this.runner.find(period), queued: true };
  }

  /** The calendar date in the payout time zone: the one `start` and `due` both judge by, so they cannot disagree. */
  private today(now: Date): string {
    return calendarIn(this.config.profitBonuses.timeZone, now).date;
  }
}
