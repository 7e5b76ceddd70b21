import assert from 'node:assert/strict';
import { periodBounds, periodOf, previousPeriod } from './bonus-periods';

describe('profit bonus periods', () => {
  it('a date falls in H1 (January to June) or H2 (July to December)', () => {
    assert.deepEqual(['2026-01-01', '2026-06-30', '2026-07-01', '2026-12-31'].map(periodOf), ['2026-H1', '2026-H1', '2026-H2', '2026-H2']);
  });

  it('a run on 15 January pays the last year’s H2, on 15 July this year’s H1', () => {
    assert.deepEqual([previousPeriod('2027-01-15'), previousPeriod('2027-07-15')], ['2026-H2', '2027-H1']);
  });

  it('H1 runs from 1 January to 1 July and is paid on 15 July; H2 to the next 1 January, paid on 15 January', () => {
    assert.deepEqual(periodBounds('2026-H1'), { starts: '2026-01-01', ends: '2026-07-01', payoutDate: '2026-07-15' });
    assert.deepEqual(periodBounds('2026-H2'), { starts: '2026-07-01', ends: '2027-01-01', payoutDate: '2027-01-15' });
  });
});
