/**
 * Identical requests at once share one run. A copy that arrives while the first is running waits for it and gets its
 * result (`shared` true) instead of doing the same work again: a double click's second order post. Only a
 * success is shared; after a failure the copy runs on its own, exactly as it would have without this.
 */
export class InFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  async run(key: string, work: () => Promise<T>): Promise<{ value: T; shared: boolean }> {
    const running = this.running.get(key);
    if (running) {
      const first = await running.then(
        (value) => ({ value }),
        () => null,
      );
      if (first) return { value: first.value, shared: true };
    }
    const attempt = work();
    if (!running) {
      this.running.set(key, attempt);
      void attempt.catch(() => undefined).finally(() => this.running.delete(key));
    }
    return { value: await attempt, shared: false };
  }
}
