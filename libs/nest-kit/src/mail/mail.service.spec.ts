import assert from 'node:assert/strict';
import { mailBackoff } from './mail.service';

test('mail retries back off exponentially from the base delay and stop growing at the cap', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 5].map((n) => mailBackoff(n, 1000, 10_000)),
    [1000, 2000, 4000, 8000, 10_000],
  );
  assert.equal(mailBackoff(40, 2000, 600_000), 600_000);
});
