import assert from 'node:assert/strict';
import { payoutMonthFor } from './calendar';

describe('payout month', () => {
  it('is the 15th of the next month, across a year end', () => {
    assert.deepEqual(payoutMonthFor(new Date('2026-03-31T23:00:00Z')), { month: '2026-04', date: '2026-04-15' });
    assert.deepEqual(payoutMonthFor(new Date('2026-12-02T08:00:00Z')), { month: '2027-01', date: '2027-01-15' });
  });
});
