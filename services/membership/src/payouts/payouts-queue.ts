import { ConflictError, SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { JobQueue, type Job } from '@km/nest-kit/jobs';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { MembershipConfig } from '../config';
import { calendarIn, payoutDateOf } from '../time/calendar';
import { PayoutRunner } from './payout-runner';
import type { PayoutRunStart } from '@km/contracts';

export const PAYOUTS_QUEUE = 'payouts';
const SCHEDULER_ID = 'payouts-monthly';

interface PayoutJob {
  /** Set when started by hand; a scheduled job pays the month it fired in. */
  month?: string;
}

/**
 * The `payouts` queue (ARCHITECTURE §7): a BullMQ job scheduler fires on the 15th (cron and time zone from config),
 * and the admin's start adds a job for a month. Any replica may work it; the runner decides in the database, so the
 * scheduler firing twice, two workers, or a hand start during the scheduled run still pay once. A worker killed
 * mid-run leaves its job active; BullMQ's stalled-job check hands it to the next worker, which resumes the run.
 */
@Injectable()
export class PayoutsQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue<PayoutJob>;

  constructor(
    private readonly runner: PayoutRunner,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
    @Inject(SERVICE_LOGGER) logger: Logger,
  ) {
    this.jobs = new JobQueue<PayoutJob>(PAYOUTS_QUEUE, config.jobs.redisUrl, logger);
  }

  async onApplicationBootstrap() {
    const { schedule, timeZone, worker, lockMs } = this.config.payouts;
    await this.jobs.schedule(SCHEDULER_ID, { pattern: schedule, tz: timeZone }, 'scheduled-run', { removeOnComplete: 100 });
    if (!worker) return;
    this.jobs.work((job) => this.process(job), {
      concurrency: 1,
      lockDuration: lockMs,
      stalledInterval: lockMs,
      failed: 'payout run failed; it resumes when started again',
      failedLevel: 'error',
    });
  }

  onApplicationShutdown() {
    return this.jobs.close();
  }

  /** The month a job pays: the one it was asked for, or the month (in the payout time zone) the schedule fired in. */
  monthOf(job: Job<PayoutJob>): string {
    return job.data.month ?? calendarIn(this.config.payouts.timeZone, new Date(job.timestamp + (job.delay ?? 0))).month;
  }

  private async process(job: Job<PayoutJob>) {
    const run = await this.runner.run(this.monthOf(job));
    return { month: run.month, memberCount: run.memberCount, total: run.total };
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
    await this.jobs.queue.add('manual-run', { month }, { jobId: `payout-run-${month}`, removeOnComplete: true, removeOnFail: true });
    return { run: await this.runner.find(month), queued: true };
  }
}
