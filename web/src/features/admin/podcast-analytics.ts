import type { PodcastAnalyticsDay } from '@km/contracts/media';

/** What the analytics tab asks for: UTC days, both ends included (ADR 0071). */
export interface AnalyticsRange {
  from: string;
  to: string;
  episodeId?: string;
}

export const RANGE_PRESETS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 365 days' },
  { value: 'custom', label: 'Choose days' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

const DAY_MS = 86_400_000;

/** Today as a UTC day (counts are filed under UTC days, whatever the admin's time zone). */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** The last `days` UTC days up to and including today. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = utcToday(now);
  return { from: new Date(Date.parse(to) - (days - 1) * DAY_MS).toISOString().slice(0, 10), to };
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
/** A UTC day as people read it ("Nov 27, 2026"), never shifted into the reader's time zone. */
export const readableDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The chart's words: what a glance at it tells, for everyone and as its accessible description. */
export function chartSummary(days: readonly PodcastAnalyticsDay[]): string {
  if (days.length === 0) return 'No days in this range.';
  const plays = days.reduce((sum, d) => sum + d.plays, 0);
  const downloads = days.reduce((sum, d) => sum + d.downloads, 0);
  const span = `From ${readableDay(days[0].day)} to ${readableDay(days[days.length - 1].day)} (UTC)`;
  if (plays === 0 && downloads === 0) return `${span}: no plays or downloads.`;
  const busiest = days.reduce((best, d) => (d.downloads + d.plays > best.downloads + best.plays ? d : best));
  return `${span}: ${count(plays, 'play', 'plays')} and ${count(downloads, 'download', 'downloads')}. Busiest day ${readableDay(busiest.day)}, with ${count(busiest.plays, 'play', 'plays')} and ${count(busiest.downloads, 'download', 'downloads')}.`;
}
