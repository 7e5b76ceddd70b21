import type { Logger } from 'pino';

/**
 * Work every replica repeats on an interval (ADR 0034, 0035): one pass at a time per replica, a failed pass logged and
 * tried again at the next tick. The work itself must be guarded (a pass on another replica may overlap it).
 */
export class RepeatingSweep {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;

  constructor(
    private readonly what: string,
    private readonly work: () => Promise<void>,
    private readonly logger: Logger,
  ) {}

  start(intervalMs: number, now = false) {
    this.timer = setInterval(() => void this.run(), intervalMs);
    this.timer.unref();
    if (now) void this.run();
  }

  /** Runs a pass, or joins the one under way. */
  run(): Promise<void> {
    this.pass ??= this.work()
      .catch((error: unknown) => this.logger.warn({ err: error }, `${this.what} failed; it runs again`))
      .finally(() => (this.pass = undefined));
    return this.pass;
  }

  async stop() {
    clearInterval(this.timer);
    await this.pass;
  }
}
