import { Queue, Worker, type Job, type JobSchedulerTemplateOptions, type WorkerOptions } from 'bullmq';
import IORedis from 'ioredis';
import type { Logger } from 'pino';

export type { Job } from 'bullmq';

export interface WorkOptions extends Omit<WorkerOptions, 'connection'> {
  /** Logged with the job id, attempts and error each time a job fails. */
  failed: string;
  /** `warn` when a failure is retried as a matter of course (mail, renditions); `error` when it needs a person. */
  failedLevel?: 'warn' | 'error';
}

/**
 * One BullMQ queue and, when this process works it, its worker: the queue on one Redis connection, the worker on a
 * connection of its own (its blocking reads must not hold up the queue's commands), failures logged, and both
 * connections closed by {@link close}. The owner adds jobs through `queue`, starts the worker with {@link work} when its
 * worker flag says so, and calls {@link close} from its `onApplicationShutdown`.
 */
export class JobQueue<T> {
  // Data and names spelled out: BullMQ would otherwise infer them from T as if it could be a Job type.
  readonly queue: Queue<T, unknown, string, T, unknown, string>;
  private readonly connection: IORedis;
  private worker: Worker<T> | undefined;
  private workerConnection: IORedis | undefined;

  constructor(
    name: string,
    redisUrl: string,
    private readonly logger: Logger,
  ) {
    // BullMQ needs maxRetriesPerRequest: null on its connections.
    this.connection = new IORedis(redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue<T, unknown, string, T, unknown, string>(name, { connection: this.connection });
  }

  /**
   * A job added on a cron pattern in a time zone, or every so many milliseconds. Every replica upserts the same `id` at every start, which leaves
   * one schedule, and a changed pattern replaces the old one.
   */
  async schedule(id: string, repeat: { pattern: string; tz: string } | { every: number }, name: string, opts?: JobSchedulerTemplateOptions): Promise<void> {
    await this.queue.upsertJobScheduler(id, repeat, { name, data: {} as T, opts });
  }

  /** Works this queue in this process. */
  work(process: (job: Job<T>) => Promise<unknown>, { failed, failedLevel = 'warn', ...options }: WorkOptions): void {
    this.workerConnection = this.connection.duplicate();
    this.worker = new Worker<T>(this.queue.name, process, { ...options, connection: this.workerConnection });
    this.worker.on('failed', (job, error) => this.logger[failedLevel]({ jobId: job?.id, attempts: job?.attemptsMade, err: error.message }, failed));
  }

  /** Lets the job in hand finish, then closes the worker, the queue and their connections. */
  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    // BullMQ leaves connections it was given open; an open one would keep the process alive after shutdown.
    for (const connection of [this.workerConnection, this.connection]) await connection?.quit().catch(() => connection.disconnect());
  }
}
