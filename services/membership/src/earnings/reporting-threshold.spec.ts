import { reportingThresholds, thresholdFor } from './reporting-threshold';

describe('the 1099-NEC reporting threshold by year (ADR 0061)', () => {
  const rows = reportingThresholds.parse('2020=600,2026=2000');

  it('is $600 through 2025 and $2,000 for payments from 2026; a later year keeps the last row until its own is added', () => {
    expect([2019, 2025, 2026, 2027].map((y) => thresholdFor(rows, y))).toEqual([
      { from: 2020, cents: 60_000 },
      { from: 2020, cents: 60_000 },
      { from: 2026, cents: 200_000 },
      { from: 2026, cents: 200_000 },
    ]);
  });

  it('takes an inflation-indexed row for 2027 with its cents, whatever order the rows are written in', () => {
    const indexed = reportingThresholds.parse('2027=2050.50, 2020=600, 2026=2000');
    expect(thresholdFor(indexed, 2027)).toEqual({ from: 2027, cents: 205_050 });
    expect(thresholdFor(indexed, 2026)).toEqual({ from: 2026, cents: 200_000 });
  });

  it('refuses a malformed row or a year written twice, saying how to write it', () => {
    expect(reportingThresholds.safeParse('2026:2000').error?.issues[0].message).toBe(
      '"2026:2000" must be a row YYYY=dollars, e.g. 2026=2000 (rows separated by commas)',
    );
    expect(reportingThresholds.safeParse('2026=2000,2026=600').error?.issues[0].message).toBe('each year may appear once');
  });
});
