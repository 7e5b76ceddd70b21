import { UnavailableError } from '@km/nest-kit';
import pLimit from 'p-limit';

/**
 * One bounded queue for every argon2 hash and verify (login and register together). argon2 takes ~19 MiB and
 * ~26 ms of a core each, so a burst waits here in turn instead of starving the event loop, while session
 * resolution (a SHA-256 lookup) keeps answering. A queue deeper than `maxQueued` answers `unavailable` at once
 * rather than letting every caller's latency grow without bound.
 */
export class PasswordGate {
  private readonly limit: pLimit.Limit;

  constructor(
    private readonly concurrency: number,
    private readonly maxQueued: number,
  ) {
    this.limit = pLimit(concurrency);
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    // Counted together: p-limit starts a job a microtask after it is queued, so within one tick it is still "pending".
    if (this.limit.activeCount + this.limit.pendingCount >= this.concurrency + this.maxQueued) {
      return Promise.reject(new UnavailableError('We are handling many sign-ins and registrations right now. Please try again in a few seconds.'));
    }
    return this.limit(work);
  }
}
