// The API's shapes come from the shared contracts (types only: nothing of it reaches the bundle).
import type { EpisodeChapter, EpisodePage, EpisodeSearchHit, EpisodeSearchResult, PodcastConfig, PodcastEpisode, SearchSnippetPart } from '@km/contracts/media';
import { episodePath, type EpisodeSort } from '@km/contracts/vocabulary';

export type { EpisodeChapter, EpisodePage, EpisodeSearchHit, EpisodeSearchResult, EpisodeSort, PodcastConfig, PodcastEpisode, SearchSnippetPart };
export {
  EPISODE_SORT_OPTIONS,
  PODCAST_APP_LABELS,
  PODCAST_HOW_HEARD_OPTIONS,
  PODCAST_INTEREST_OPTIONS,
  PODCAST_PREFERRED_FORMAT_OPTIONS,
} from '@km/contracts/vocabulary';

export const EPISODES_PATH = '/api/podcast-episodes';
/** Whether the page features a YouTube/Vimeo video instead of the newest video episode. */
export const PODCAST_CONFIG_PATH = '/api/config/podcast';
/** Episodes per page; Load More Episodes asks for the next page. */
export const EPISODE_PAGE_SIZE = 9;

const pad = (n: number) => String(n).padStart(2, '0');

/** Home's duration (spec §3): minutes:seconds, seconds zero-padded; minutes run past 59. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`;
}

/** The card's duration in the form it was uploaded in (HH:MM:SS). */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** Spec §2/§9: US English, long month, day and year. */
export const formatEpisodeDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Spec §9: thousands separators. */
export const formatViews = (views: number) => `${views.toLocaleString('en-US')} ${views === 1 ? 'view' : 'views'}`;

export type EpisodeMediaKind = 'video' | 'audio' | 'none';

/** Spec §4 Episode card media: which player, and its main button label. */
export function episodeMedia(episode: Pick<PodcastEpisode, 'videoUrl' | 'mediaType'>): { kind: EpisodeMediaKind; action: string } {
  if (episode.videoUrl && episode.mediaType === 'video') return { kind: 'video', action: 'Watch Now' };
  if (episode.videoUrl && episode.mediaType === 'audio') return { kind: 'audio', action: 'Listen Now' };
  return { kind: 'none', action: 'Play' };
}

/** `?t=90`, `?t=1:30` or `?t=1:02:03` as whole seconds from the start; null when absent or not a time. */
export function startTimeOf(search: string): number | null {
  const t = new URLSearchParams(search).get('t');
  if (!t || !/^(\d{1,2}:){0,2}\d{1,6}$/.test(t)) return null;
  return t.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/** An episode page's address to share, starting at `seconds` when given (ADR 0045). */
export const episodeShareLink = (origin: string, path: string, seconds: number | null) =>
  `${origin}${path}${seconds !== null && seconds > 0 ? `?t=${Math.floor(seconds)}` : ''}`;

/**
 * A player's sources: each file the episode has, under its own type — the upload, then the feed's M4A/MP4 copy of a
 * WAV or WEBM once it exists — so a browser that cannot play the one tries the other, and none is told a WEBM is an MP4.
 */
export function mediaSources(episode: Pick<PodcastEpisode, 'videoUrl' | 'mediaContentType' | 'feedMedia'>): { src: string; type: string }[] {
  const sources = [{ src: episode.videoUrl, type: episode.mediaContentType }];
  if (episode.feedMedia && episode.feedMedia.url !== episode.videoUrl) sources.push({ src: episode.feedMedia.url, type: episode.feedMedia.contentType });
  return sources;
}

/** The address Share copies: the podcast page scrolled to this episode. */
export const episodeLink = (origin: string, episodeNumber: number) => `${origin}/podcast?episode=${episodeNumber}`;

/** Spec §9: media up to 500 MB (video MP4, MOV, WEBM; audio MP3, WAV, M4A); images up to 10 MB. */
export const MEDIA_MAX_BYTES = 500 * 1024 * 1024;
export const THUMBNAIL_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_ACCEPT = {
  video: '.mp4,.mov,.webm,video/mp4,video/quicktime,video/webm',
  audio: '.mp3,.wav,.m4a,audio/mpeg,audio/wav,audio/x-wav,audio/mp4,audio/x-m4a',
} as const;
export const THUMBNAIL_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

/** Why a file cannot be uploaded, or null; the server checks the content again. */
export function mediaFileProblem(file: Pick<File, 'size'>): string | null {
  return file.size > MEDIA_MAX_BYTES ? 'The media file must be 500 MB or smaller.' : null;
}
export function thumbnailProblem(file: Pick<File, 'size'>): string | null {
  return file.size > THUMBNAIL_MAX_BYTES ? 'The thumbnail must be 10 MB or smaller.' : null;
}

/** Spec §8: the toast of a failed subscription is decided by the word "unique" in the error text. */
export const subscriptionFailureMessage = (error: unknown) =>
  error instanceof Error && error.message.includes('unique')
    ? "You're already subscribed with this email address"
    : 'There was an error processing your subscription';

export { episodePath, parseEpisodePath } from '@km/contracts/vocabulary';

/** The podcast search (ADR 0053); the page keeps the words in `?q=` so a search can be shared. */
export const EPISODE_SEARCH_PATH = `${EPISODES_PATH}/search`;
export const SEARCH_MAX_CHARS = 200;

/** The words to search for in a `?q=`, or null when there are none. */
export function searchQueryOf(params: URLSearchParams): string | null {
  const q = params.get('q')?.trim() ?? '';
  return q === '' ? null : q.slice(0, SEARCH_MAX_CHARS);
}

/** Where a hit leads: its page, at the transcript line's moment when the words were said there (ADR 0045's `?t=`). */
export const searchHitPath = (hit: Pick<EpisodeSearchHit, 'episodeNumber' | 'title' | 'line'>) =>
  `${episodePath(hit)}${hit.line ? `?t=${hit.line.start}` : ''}`;

/** One chapter row as the editor holds it: the start as typed (`m:ss` or `h:mm:ss`), the title, the optional link. */
export interface ChapterRow {
  start: string;
  title: string;
  url: string;
}

export const chapterRowsOf = (chapters: EpisodeChapter[]): ChapterRow[] =>
  chapters.map((c) => ({ start: formatClock(c.startTime).replace(/^00:/, ''), title: c.title, url: c.url ?? '' }));

/** The editor's rows as the API's chapters, or the first problem in words a person can act on. */
export function chaptersFromRows(rows: ChapterRow[]): { chapters: EpisodeChapter[] } | { problem: string } {
  const chapters: EpisodeChapter[] = [];
  for (const [i, row] of rows.entries()) {
    const n = i + 1;
    const start = row.start.trim();
    if (!/^(\d{1,3}:)?[0-5]?\d:[0-5]\d$/.test(start)) return { problem: `Chapter ${n}: enter its start as m:ss or h:mm:ss, e.g. 4:30.` };
    const startTime = start.split(':').reduce((total, part) => total * 60 + Number(part), 0);
    if (!row.title.trim()) return { problem: `Chapter ${n}: enter a title.` };
    const url = row.url.trim();
    if (url && !/^(https:\/\/\S+|\/[^/\s]\S*)$/.test(url))
      return { problem: `Chapter ${n}: the link must start with https:// or be a path on this site such as /products.` };
    if (i > 0 && startTime <= chapters[i - 1].startTime) return { problem: `Chapter ${n} must start after chapter ${i}.` };
    chapters.push({ startTime, title: row.title.trim(), ...(url ? { url } : {}) });
  }
  return { chapters };
}

/** A transcript file's format by its name (ADR 0046: WebVTT or SubRip), or null for anything else. */
export function transcriptFormatOf(fileName: string): 'vtt' | 'srt' | null {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return ext === 'vtt' || ext === 'srt' ? ext : null;
}
export const TRANSCRIPT_ACCEPT = '.vtt,.srt,text/vtt,application/x-subrip';
