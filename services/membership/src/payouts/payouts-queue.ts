import { ConflictError, SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { ScheduledRuns, ScheduledRunsOwner } from '@km/nest-kit/jobs';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { MembershipConfig } from '../config';
import { calendarIn, payoutDateOf } from '../time/calendar';
import { PayoutRunner } from './payout-runner';
import type { PayoutRunStart } from '@km/contracts';

export const PAYOUTS_QUEUE = 'payouts';

/**
 * The `payouts` queue (ARCHITECTURE §7), scheduled runs from the kit: fires on the 15th (cron and time zone from
 * config) for the month it fires in, and the admin's start adds a job for a month; the runner decides in the
 * database, so the scheduler firing twice, two workers, or a hand start during the scheduled run still pay once.
 */
@Injectable()
export class PayoutsQueue extends ScheduledRunsOwner<'month'> {
  protected readonly runs: ScheduledRuns<'month'>;

  constructor(
    private readonly runner: PayoutRunner,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
    @Inject(SERVICE_LOGGER) logger: Logger,
  ) {
    super();
    const { schedule, timeZone, worker, lockMs } = config.payouts;
    this.runs = new ScheduledRuns(
      {
        queue: PAYOUTS_QUEUE,
        keyField: 'month',
        scheduler: { id: 'payouts-monthly', pattern: schedule, tz: timeZone, keepCompleted: 100 },
        worker,
        lockMs,
        failed: 'payout run failed; it resumes when started again',
        keyAt: (firedAt) => calendarIn(timeZone, firedAt).month,
        run: (key) => this.runner.run(key).then(({ month, memberCount, total }) => ({ month, memberCount, total })),
      },
      config.jobs.redisUrl,
      logger,
    );
  }

  /**
   * The admin's start: refused before the month's 15th (nothing is due yet); a completed run is answered as it is;
   * otherwise a job for the month is queued (one at a time per month: the job id) and the run as it is now answered.
   */
  async start(month: string, now = new Date()): Promise<PayoutRunStart> {
    const today = calendarIn(this.config.payouts.timeZone, now).date;
    const payoutDate = payoutDateOf(month);
    if (payoutDate > today) {
      throw new ConflictError('payout_not_due', `The payout run for ${month} pays on ${payoutDate} and cannot start before then.`);
    }
    const existing = await this.runner.find(month);
    if (existing?.status === 'completed') return { run: existing, queued: false };
    await this.runs.queueRun(month, `payout-run-${month}`);
    return { run: await this.runner.find(month), queued: true };
  }
}
