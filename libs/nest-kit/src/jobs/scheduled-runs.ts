import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { JobQueue, type Job } from './job-queue';

/** A queue of runs on a schedule (monthly payouts, half-yearly profit bonuses): see {@link ScheduledRuns}. */
export interface ScheduledRunsOptions<F extends string> {
  /** The BullMQ queue's name. */
  queue: string;
  /** The field of a job's data that names the run it was started for by hand (`month`, `period`). */
  keyField: F;
  /** The job scheduler: its id (one per queue, upserted by every replica), cron pattern and time zone, and how many completed scheduled jobs BullMQ keeps. */
  scheduler: { id: string; pattern: string; tz: string; keepCompleted: number };
  /** Whether this process works the queue: the service's worker flag for this queue. */
  worker: boolean;
  /** BullMQ's lockDuration and stalledInterval (ms): a run whose worker died is handed to another within about twice this. */
  lockMs?: number;
  /** Logged as an error when a run fails (it resumes when started again). */
  failed: string;
  /** The run a scheduled job is for, from the moment (in the schedule's time zone, the caller's rule) it fired. */
  keyAt: (firedAt: Date) => string;
  /** Does the run, exactly once however often it is asked (the runner decides in its database); its answer is the job's result. */
  run: (key: string) => Promise<unknown>;
}

/**
 * Runs on a schedule, each decided by its runner in the database: a BullMQ job scheduler fires on the pattern, an
 * admin's start adds a job for one run (one job per run at a time: its job id), and any replica whose worker flag is
 * on works the queue, one job at a time. Two firings, two workers or a start during the scheduled run are safe
 * because the runner claims its run row; a worker killed mid-run leaves its job active, and BullMQ's stalled-job check
 * hands it to the next worker, which resumes the run. Its owner extends {@link ScheduledRunsOwner}, which starts it when
 * the application is up and closes it on shutdown.
 */
export class ScheduledRuns<F extends string> {
  private readonly jobs: JobQueue<Partial<Record<F, string>>>;

  constructor(
    private readonly options: ScheduledRunsOptions<F>,
    redisUrl: string,
    logger: Logger,
  ) {
    this.jobs = new JobQueue<Partial<Record<F, string>>>(options.queue, redisUrl, logger);
  }

  /** Upserts the schedule and, when this process works the queue, starts the worker. */
  async start(): Promise<void> {
    const { scheduler, worker, lockMs, failed } = this.options;
    await this.jobs.schedule(scheduler.id, { pattern: scheduler.pattern, tz: scheduler.tz }, 'scheduled-run', { removeOnComplete: scheduler.keepCompleted });
    if (!worker) return;
    this.jobs.work((job) => this.options.run(this.keyOf(job)), {
      concurrency: 1,
      ...(lockMs !== undefined && { lockDuration: lockMs, stalledInterval: lockMs }),
      failed,
      failedLevel: 'error',
    });
  }

  /** The run a job is for: the one it was started for by hand, or the one its schedule fired for. */
  keyOf(job: Job<Partial<Record<F, string>>>): string {
    return job.data[this.options.keyField] ?? this.options.keyAt(new Date(job.timestamp + (job.delay ?? 0)));
  }

  /** Queues a run started by hand; while a job for the same run waits or works, another is not added (`jobId`). */
  async queueRun(key: string, jobId: string): Promise<void> {
    const data = { [this.options.keyField]: key } as Partial<Record<F, string>>;
    await this.jobs.queue.add('manual-run', data, { jobId, removeOnComplete: true, removeOnFail: true });
  }

  close(): Promise<void> {
    return this.jobs.close();
  }
}

/** A Nest provider that owns scheduled runs: they start once the application is up and close when it shuts down. */
export abstract class ScheduledRunsOwner<F extends string> implements OnApplicationBootstrap, OnApplicationShutdown {
  protected abstract readonly runs: ScheduledRuns<F>;

  onApplicationBootstrap(): Promise<void> {
    return this.runs.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.runs.close();
  }
}
