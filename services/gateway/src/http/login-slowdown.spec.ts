import assert from 'node:assert/strict';
import { loginSlowdownMs } from './rate-limits';

test('the per-username slow-down is zero up to the threshold, then doubles from 250 ms and stops at the cap', () => {
  assert.deepEqual(
    [0, 10, 11, 12, 13, 14, 15, 16].map((failures) => loginSlowdownMs(failures, 10, 3000)),
    [0, 0, 250, 500, 1000, 2000, 3000, 3000],
  );
  // Thousands of failures never overflow past the cap.
  assert.equal(loginSlowdownMs(100_000, 10, 3000), 3000);
});
