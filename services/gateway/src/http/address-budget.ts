import type Redis from 'ioredis';

export interface AddressBudgetOptions {
  /** Requests one address may make per window, all replicas together. */
  limit: number;
  /** The window (fixed, aligned to the clock, so every replica names the same one). */
  windowMs: number;
  /** Requests a replica may admit for one address before Redis has heard of them (see the bound below). */
  batch: number;
  /** How often every replica's new counts go to Redis (and the others' come back), whatever the batch. */
  syncEveryMs: number;
  keyPrefix: string;
}

export type BudgetDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

interface Count {
  /** The total in Redis (every replica's) when this replica last heard it. */
  known: number;
  /** Admitted here, not yet sent to Redis. */
  pending: number;
  /** Sent to Redis, answer not yet back. */
  sending: number;
}

/**
 * The per-address API budget, decided in memory and shared through Redis in batches (ADR 0012): a request costs no
 * Redis round trip unless this replica has admitted `batch` requests from that address that Redis has not counted
 * yet. Every replica adds its counts to the window's key (`INCRBY`) at least every `syncEveryMs` and learns the total
 * from the answer. The bound: per address and window, all replicas together admit at most
 * `limit + replicas × batch − 1` (each replica can be at most `batch` ahead of Redis); one replica alone admits
 * exactly `limit`. Without Redis a replica keeps counting on its own and never waits for Redis (the API limit fails
 * open: Redis being down refuses nothing the replica's own count would not).
 */
export class AddressBudget {
  private window = -1;
  private counts = new Map<string, Count>();
  private flushing?: Promise<void>;
  private redisDown = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly options: AddressBudgetOptions,
    private readonly onRedisError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.flush(), options.syncEveryMs);
    this.timer.unref();
  }

  /** Counts one request from `address`, or refuses it once the window's budget is spent. */
  take(address: string): BudgetDecision | Promise<BudgetDecision> {
    const now = this.now();
    const window = Math.floor(now / this.options.windowMs);
    if (window !== this.window) {
      // A new window starts every address afresh; what the old one had not sent no longer counts for anything.
      this.window = window;
      this.counts = new Map();
    }
    let count = this.counts.get(address);
    if (!count) this.counts.set(address, (count = { known: 0, pending: 0, sending: 0 }));
    const used = count.known + count.sending + count.pending;
    if (used >= this.options.limit) return { allowed: false, retryAfterSeconds: Math.ceil(((window + 1) * this.options.windowMs - now) / 1000) };
    if (count.sending + count.pending < this.options.batch || this.redisDown) {
      count.pending++;
      return { allowed: true, remaining: this.options.limit - used - 1 };
    }
    // This replica is a whole batch ahead of Redis for this address: it must hear the total before admitting more.
    return this.flush().then(() => this.take(address));
  }

  /** Sends every address's new counts to Redis in one round trip and takes the totals back; one flush at a time. */
  flush(): Promise<void> {
    this.flushing ??= this.send().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  /** Stops the periodic sync and sends what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
    if (!this.redisDown) await this.flush();
  }

  private async send(): Promise<void> {
    const window = this.window;
    const batch = [...this.counts].filter(([, count]) => count.pending > 0);
    if (batch.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [address, count] of batch) {
      count.sending = count.pending;
      count.pending = 0;
      const key = `${this.options.keyPrefix}:${window}:${address}`;
      // The key outlives its window a little, so a late replica's INCRBY still lands in it, and then goes.
      pipeline.incrby(key, count.sending).pexpire(key, 2 * this.options.windowMs);
    }
    let results: [Error | null, unknown][];
    try {
      const answers = await pipeline.exec();
      if (!answers) throw new Error('the Redis pipeline returned nothing');
      const failed = answers.find(([error]) => error);
      if (failed) throw failed[0];
      results = answers;
    } catch (error) {
      // Not counted in Redis (as far as we know: a command that timed out may still land, which counts a batch twice,
      // on the strict side): kept to be sent with the next flush.
      for (const [, count] of batch) {
        count.pending += count.sending;
        count.sending = 0;
      }
      if (!this.redisDown) this.onRedisError(error);
      this.redisDown = true;
      return;
    }
    this.redisDown = false;
    batch.forEach(([, count], i) => {
      count.known = Number(results[2 * i][1]);
      count.sending = 0;
    });
  }
}
