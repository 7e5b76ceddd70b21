import { z } from 'zod';

/**
 * Podcast analytics (ADR 0071): plays and IAB downloads per UTC day and per episode, and downloads per listening app,
 * recorded in the statements that raise each episode's counters.
 */

/** The longest range one report or CSV covers. */
export const ANALYTICS_MAX_DAYS = 366;

/** What the OPAWG list says the user agent of a download is (ADR 0071); `unknown` when no pattern matches. */
export const LISTENING_APP_KINDS = ['app', 'bot', 'library', 'browser', 'unknown'] as const;
export type ListeningAppKind = (typeof LISTENING_APP_KINDS)[number];

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

/** A YYYY-MM-DD that names a day of the calendar (2020-02-30 does not), as milliseconds at its UTC midnight. */
export function dayTime(day: string): number | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(time).toISOString().slice(0, 10) === day ? time : undefined;
}

/** Every day from `from` to `to`, both included, as YYYY-MM-DD. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = dayTime(from)!; time <= dayTime(to)!; time += DAY_MS) days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

const day = (field: string) =>
  z
    .string({ error: `${field} is required: a UTC day written YYYY-MM-DD` })
    .refine((value) => dayTime(value) !== undefined, { message: `${field} must be a real day written YYYY-MM-DD (e.g. 2026-01-31)` });

const range = {
  from: day('from'),
  to: day('to'),
  episodeId: z.string().regex(UUID, 'episodeId must be the id of an episode').optional(),
};

function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx) {
  const from = dayTime(value.from);
  const to = dayTime(value.to);
  if (from === undefined || to === undefined) return;
  if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: `to (${value.to}) must be on or after from (${value.from})` });
  const days = (to - from) / DAY_MS + 1;
  if (days > ANALYTICS_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `to: the range is ${days} days; ask for at most ${ANALYTICS_MAX_DAYS} days at a time` });
}

/** GET /api/admin/podcast-analytics?from&to[&episodeId]: a range of UTC days, both included. */
export const podcastAnalyticsQuerySchema = z.object(range).strict().superRefine(checkRange);
export type PodcastAnalyticsQuery = z.infer<typeof podcastAnalyticsQuerySchema>;

/** One page of the CSV's rows, after the last row of the page before (ordered by day, then episode number). */
export const podcastAnalyticsRowsSchema = z
  .object({ ...range, after: z.object({ day: day('after.day'), episodeNumber: z.number().int() }).optional() })
  .strict()
  .superRefine(checkRange);
export type PodcastAnalyticsRowsRequest = z.infer<typeof podcastAnalyticsRowsSchema>;

/** Rows of one CSV page: a few hundred bytes each, far under the bus limit. */
export const PODCAST_ANALYTICS_ROWS_PAGE = 1000;
/** Apps listed by name in a report; the rest are summed in `otherAppsDownloads`. */
export const PODCAST_ANALYTICS_TOP_APPS = 10;

export interface PodcastAnalyticsDay {
  /** A UTC day, YYYY-MM-DD. */
  day: string;
  plays: number;
  downloads: number;
}

export interface PodcastAnalyticsEpisode {
  id: string;
  episodeNumber: number;
  title: string;
  /** Counted on the days of the range. */
  plays: number;
  downloads: number;
  /** Counted before daily records began (ADR 0071), in no day's figures. */
  playsBeforeRecords: number;
  downloadsBeforeRecords: number;
  /** The episode's counters, all time: before records plus every recorded day. */
  totalPlays: number;
  totalDownloads: number;
}

export interface PodcastAnalyticsApp {
  name: string;
  kind: ListeningAppKind;
  downloads: number;
}

export interface PodcastAnalyticsReport {
  from: string;
  to: string;
  episodeId: string | null;
  /** The UTC day daily records began, when earlier counts exist (they are in `…BeforeRecords`); null otherwise. */
  recordsSince: string | null;
  /** Every day of the range, in order, 0 where nothing was counted. */
  days: PodcastAnalyticsDay[];
  /** Every episode (or the one asked for), most downloads in the range first. */
  episodes: PodcastAnalyticsEpisode[];
  /** The top apps of the range's downloads, most first. */
  apps: PodcastAnalyticsApp[];
  /** Downloads of the range by apps past the top ones: with `apps` they sum to `totals.downloads`. */
  otherAppsDownloads: number;
  totals: { plays: number; downloads: number };
}

export interface PodcastAnalyticsRow {
  day: string;
  episodeId: string;
  episodeNumber: number;
  title: string;
  plays: number;
  downloads: number;
}

export interface PodcastAnalyticsRows {
  items: PodcastAnalyticsRow[];
}
