// Half-year periods of profit bonuses (ADR 0018): H1 is January to June, paid 15 July; H2 July to December, paid 15 January.

/** "2026-H2" → its first day, the first day after it, and the day it is paid (the 15th of the month after it). */
export function periodBounds(period: string): { starts: string; ends: string; payoutDate: string } {
  const year = Number(period.slice(0, 4));
  return period.endsWith('H1')
    ? { starts: `${year}-01-01`, ends: `${year}-07-01`, payoutDate: `${year}-07-15` }
    : { starts: `${year}-07-01`, ends: `${year + 1}-01-01`, payoutDate: `${year + 1}-01-15` };
}

/** The half-year a calendar date ("YYYY-MM-DD") falls in. */
export const periodOf = (date: string) => `${date.slice(0, 4)}-H${Number(date.slice(5, 7)) <= 6 ? 1 : 2}`;

/** The half-year before the one a date falls in: what a run on 15 January or 15 July pays. */
export function previousPeriod(date: string): string {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) <= 6 ? `${year - 1}-H2` : `${year}-H1`;
}

/** Whether a period's payout day has come on a calendar date: before it, its revenue is not all in and a start is refused. */
export const isDue = (period: string, date: string) => periodBounds(period).payoutDate <= date;

/**
 * The newest half-year whose payout day ("YYYY-MM-DD", 15 July or 15 January) is on or before a calendar date: what
 * the admin's start accepts on that day. The date must be today in the payout time zone, not the browser's, or near
 * midnight of a payout day the default is a period the start refuses (409).
 */
export function lastDuePeriod(date: string): string {
  const year = Number(date.slice(0, 4));
  const monthDay = date.slice(5);
  if (monthDay >= '07-15') return `${year}-H1`;
  return monthDay >= '01-15' ? `${year - 1}-H2` : `${year - 1}-H1`;
}
