/** Waits between reads of a pending order, about ten seconds in all; then the page says it is still processing. */
export const ORDER_POLL_DELAYS_MS = [500, 1000, 1500, 2000, 2500, 3000] as const;

/** The wait before read number `attempt + 1` (attempt 0 follows the first read), or null when it is time to stop. */
export function orderPollDelay(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 0) return null;
  return ORDER_POLL_DELAYS_MS[attempt] ?? null;
}

/** Whether a read still has more waits to come, i.e. "checking…" rather than "still processing". */
export const isStillPolling = (reads: number) => orderPollDelay(reads - 1) !== null;
