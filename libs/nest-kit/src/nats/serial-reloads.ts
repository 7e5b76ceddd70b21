/**
 * Loads of a copy of another service's data (the gateway's catalog copy, ADR 0019; orders' prices, ADR 0022), one at
 * a time: a reload asked for while one runs is run once more after it, since events may have been lost after the
 * running one started reading (the load checks {@link outdated} before it calls its copy current). A failed load is
 * retried after `retryMs`.
 */
export class SerialReloads {
  private current?: Promise<void>;
  private again = false;
  private retry?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly load: () => Promise<void>,
    private readonly options: {
      retryMs: number;
      /** A load failed; another is tried in `retryMs`. */
      onFailure: (error: unknown) => void;
      /** The last load asked for has finished (successfully or not), and no other is asked for. */
      onSettled?: () => void;
    },
  ) {}

  /** A load runs now. */
  get running(): boolean {
    return this.current !== undefined;
  }

  /** Another load was asked for while this one runs: what this one read may miss events. */
  get outdated(): boolean {
    return this.again;
  }

  /** Loads again: now, or once more after the load under way. Resolves when the load under way (or this one) ends. */
  reload(): Promise<void> {
    clearTimeout(this.retry);
    if (this.current) {
      this.again = true;
      return this.current;
    }
    this.current = this.attempt().finally(() => {
      this.current = undefined;
      if (this.again) {
        this.again = false;
        void this.reload();
      } else this.options.onSettled?.();
    });
    return this.current;
  }

  /** No more loads or retries; resolves when the load under way has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.current;
  }

  private async attempt() {
    if (this.stopped) return;
    try {
      await this.load();
    } catch (error) {
      if (this.stopped) return;
      this.options.onFailure(error);
      this.retry = setTimeout(() => void this.reload(), this.options.retryMs);
    }
  }
}
