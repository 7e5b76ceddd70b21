import { PAYOUT_DAY_OF_MONTH } from '@km/contracts';

/** The month (YYYY-MM) and day a moment falls on in a time zone. */
export function calendarIn(timeZone: string, at: Date): { month: string; date: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at).map((p) => [p.type, p.value]),
  );
  return { month: `${parts.year}-${parts.month}`, date: `${parts.year}-${parts.month}-${parts.day}` };
}

/** "YYYY-MM-15" of a payout month. */
export const payoutDateOf = (month: string) => `${month}-${String(PAYOUT_DAY_OF_MONTH).padStart(2, '0')}`;

/** The month (YYYY-MM) whose 15th pays a commission earned at `at`: the next one (spec §9). */
export function payoutMonthFor(at: Date): { month: string; date: string } {
  const next = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 15));
  const month = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
  return { month, date: `${month}-15` };
}
