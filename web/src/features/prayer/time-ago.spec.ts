import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { timeAgo } from './time-ago';

describe('timeAgo', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('says how long ago in the largest whole unit, singular for one', () => {
    assert.equal(timeAgo('2026-11-27T11:59:30Z', now), 'just now');
    assert.equal(timeAgo('2026-11-27T11:59:00Z', now), '1 minute ago');
    assert.equal(timeAgo('2026-11-27T09:00:00Z', now), '3 hours ago');
    assert.equal(timeAgo('2026-11-25T12:00:00Z', now), '2 days ago');
    assert.equal(timeAgo('2026-11-06T12:00:00Z', now), '3 weeks ago');
  });
  it('never says a time in the future', () => {
    assert.equal(timeAgo('2026-11-27T12:05:00Z', now), 'just now');
  });
});
