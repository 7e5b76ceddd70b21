import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isStillPolling, ORDER_POLL_DELAYS_MS, orderPollDelay } from './order-polling';

describe('orderPollDelay', () => {
  it('backs off, about ten seconds in all, then stops', () => {
    assert.deepEqual([0, 1, 2, 3, 4, 5].map(orderPollDelay), [500, 1000, 1500, 2000, 2500, 3000]);
    assert.equal(orderPollDelay(6), null);
    const total = ORDER_POLL_DELAYS_MS.reduce((a, b) => a + b, 0);
    assert.ok(total >= 9000 && total <= 12000, `total ${total} ms`);
  });

  it('stops for nonsense attempts', () => {
    assert.equal(orderPollDelay(-1), null);
    assert.equal(orderPollDelay(1.5), null);
  });

  it('is still polling until the last wait has been used', () => {
    assert.equal(isStillPolling(1), true);
    assert.equal(isStillPolling(6), true);
    assert.equal(isStillPolling(7), false);
    assert.equal(isStillPolling(0), false);
  });
});
