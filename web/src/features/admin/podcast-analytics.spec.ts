import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chartSummary, lastDays, readableDay, utcToday } from './podcast-analytics';

test('the last N days end today in UTC, whatever the hour', () => {
  assert.deepEqual(lastDays(7, new Date('2026-03-01T23:30:00Z')), { from: '2026-02-23', to: '2026-03-01' });
  assert.deepEqual(lastDays(1, new Date('2026-03-01T00:10:00Z')), { from: '2026-03-01', to: '2026-03-01' });
  assert.equal(utcToday(new Date('2026-12-31T23:59:59Z')), '2026-12-31');
});

test('a UTC day reads as that day in any time zone', () => {
  assert.equal(readableDay('2026-01-01'), 'Jan 1, 2026');
});

test('the chart summary says the totals and the busiest day; an empty range says so', () => {
  const days = [
    { day: '2026-01-01', plays: 2, downloads: 1 },
    { day: '2026-01-02', plays: 5, downloads: 4 },
    { day: '2026-01-03', plays: 0, downloads: 0 },
  ];
  assert.equal(chartSummary(days), 'From Jan 1, 2026 to Jan 3, 2026 (UTC): 7 plays and 5 downloads. Busiest day Jan 2, 2026, with 5 plays and 4 downloads.');
  assert.equal(chartSummary(days.slice(2)), 'From Jan 3, 2026 to Jan 3, 2026 (UTC): no plays or downloads.');
});
