import assert from 'node:assert/strict';
import { calendarIn } from '../time/calendar';
import { isDue, lastDuePeriod, periodBounds, periodOf, previousPeriod } from './bonus-periods';

const nextPeriod = (period: string) => (period.endsWith('H1') ? `${period.slice(0, 4)}-H2` : `${Number(period.slice(0, 4)) + 1}-H1`);

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

  it('the due period is the newest whose payout day has come: the start accepts it and refuses the one after, every day', () => {
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      const due = lastDuePeriod(date);
      assert.ok(isDue(due, date), `${due} on ${date}`);
      assert.ok(!isDue(nextPeriod(due), date), `${nextPeriod(due)} on ${date}`);
    }
    assert.deepEqual(['2027-01-14', '2027-01-15', '2027-07-14', '2027-07-15', '2027-12-31'].map(lastDuePeriod), [
      '2026-H1',
      '2026-H2',
      '2026-H2',
      '2027-H1',
      '2027-H1',
    ]);
  });

  it('is decided on the payout time zone’s calendar: at 02:00 UTC on 15 July it is still 14 July in New York', () => {
    // A browser in UTC (or further east) is already on the payout day here; the old default, taken from its calendar,
    // was 2026-H1, which the server, still on 14 July, refused with a 409.
    const instant = new Date('2026-07-15T02:00:00Z');
    assert.equal(lastDuePeriod(calendarIn('UTC', instant).date), '2026-H1');
    const today = calendarIn('America/New_York', instant).date;
    assert.equal(today, '2026-07-14');
    assert.equal(lastDuePeriod(today), '2025-H2');
    assert.ok(isDue('2025-H2', today) && !isDue('2026-H1', today));
    // …and the other way: at 05:30 UTC (00:30 in New York) on 15 January New York has reached the payout day a browser in Los Angeles has not.
    const january = new Date('2027-01-15T05:30:00Z');
    assert.deepEqual(
      [lastDuePeriod(calendarIn('America/New_York', january).date), lastDuePeriod(calendarIn('America/Los_Angeles', january).date)],
      ['2026-H2', '2026-H1'],
    );
  });
});
