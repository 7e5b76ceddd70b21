import type { OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, type Job, type WorkerOptions } from 'bullmq';
import IORedis from 'ioredis';
import type { Logger } from 'pino';

/**
 * What membership's BullMQ queues share (payouts, profit bonuses, join completion): the queue on one Redis
 * connection, this replica's worker on a connection of its own (its blocking reads must not hold up the queue's
 * commands), failures logged, and everything closed on shutdown.
 */
export abstract class MembershipQueue<T> implements OnApplicationShutdown {
  protected readonly queue: Queue<T>;
  private readonly connection: IORedis;
  private worker: Worker<T> | undefined;
  private workerConnection: IORedis | undefined;

  protected constructor(
    name: string,
    redisUrl: string,
    protected readonly logger: Logger,
  ) {
    this.connection = new IORedis(redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue<T>(name, { connection: this.connection });
  }

  /** Works this queue in this process; `failed` is logged with each failed job. */
  protected startWorker(process: (job: Job<T>) => Promise<unknown>, options: Omit<WorkerOptions, 'connection'>, failed: string): void {
    this.workerConnection = this.connection.duplicate();
    this.worker = new Worker<T>(this.queue.name, process, { ...options, connection: this.workerConnection });
    this.worker.on('failed', (job, error) => this.logger.error({ jobId: job?.id, err: error.message, attempts: job?.attemptsMade }, failed));
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.queue.close();
    for (const connection of [this.workerConnection, this.connection]) await connection?.quit().catch(() => connection.disconnect());
  }
}
