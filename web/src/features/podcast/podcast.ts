// The API's shapes come from the shared contracts (types only: nothing of it reaches the bundle).
import type { EpisodeChapter, EpisodePage, PodcastConfig, PodcastEpisode } from '@km/contracts/media';
import type { EpisodeSort } from '@km/contracts/vocabulary';

export type { EpisodeChapter, EpisodePage, EpisodeSort, PodcastConfig, PodcastEpisode };
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

export { episodePath, parseEpisodePath } from '@km/contracts/vocabulary';

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
