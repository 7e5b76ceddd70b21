import type { ImageRendition } from '../common/images';
import type { EpisodeMediaType, PodcastApp, PodcastHowHeard, PodcastInterest, PodcastPreferredFormat } from '../vocabulary/podcast';

/** A podcast episode as the API returns it (spec §3). */
export interface PodcastEpisode {
  id: string;
  title: string;
  episodeNumber: number;
  description: string;
  mediaType: EpisodeMediaType;
  /** `/media/episodes/…` for audio and video alike (spec §3). */
  videoUrl: string;
  /** `/media/thumbnails/…`, or null without a thumbnail. */
  thumbnailUrl: string | null;
  /** WEBP copies of the thumbnail by width, narrowest first (ADR 0021); empty without them. */
  thumbnails: ImageRendition[];
  tags: string[];
  /** Whole seconds (ARCHITECTURE §10). */
  duration: number;
  views: number;
  likes: number;
  /** Feed downloads counted by the IAB rules; admins only (the gateway leaves it out for everyone else). */
  downloads?: number;
  /** Bytes of the media object. */
  mediaSize: number;
  mediaContentType: string;
  /** The format of the transcript an admin uploaded (ADR 0046), or null without one; its text is served apart. */
  transcript: 'vtt' | 'srt' | null;
  /** Chapters in order of their start times (ADR 0046); empty without them. */
  chapters: EpisodeChapter[];
  /** What the podcast feed lists: the original (MP3, M4A, MP4, MOV) or the M4A/MP4 rendition of a WAV/WEBM; null until that exists. */
  feedMedia: FeedMedia | null;
  createdAt: string;
  updatedAt: string;
}

/** One chapter: where it starts (whole seconds), its title, and an optional link (https, or a path on this site). */
export interface EpisodeChapter {
  startTime: number;
  title: string;
  url?: string;
}

/** One line of a transcript: when it is said (seconds, to the millisecond) and what. */
export interface TranscriptCue {
  start: number;
  end: number;
  text: string;
}

/** An episode's transcript as the media service keeps it: the uploaded format and its cues in order. */
export interface EpisodeTranscript {
  format: 'vtt' | 'srt';
  cues: TranscriptCue[];
}

export interface FeedMedia {
  /** `/media/episodes/…` */
  url: string;
  /** Exact bytes: the enclosure's length. */
  size: number;
  contentType: string;
}

export interface EpisodePage {
  items: PodcastEpisode[];
  total: number;
  page: number;
  pageSize: number;
}

export interface EpisodeChunk {
  items: PodcastEpisode[];
  next: string | null;
}

export interface DeletedEpisode {
  id: string;
  /** The stored keys of its audio and video (the upload and its feed rendition), deleted with it: for caches to drop. */
  mediaKeys: string[];
}

export interface EpisodeViewResult {
  id: string;
  views: number;
  /** False when this visitor's play was already counted in the last 24 hours. */
  counted: boolean;
}

export interface EpisodeDownloadResult {
  id: string;
  downloads: number;
  /** True when this delivery completed a download that counts. */
  counted: boolean;
}

/** What subscribing answers: the same whether the address was new or already subscribed, so nobody learns who is. */
export interface PodcastSubscribeOutcome {
  email: string;
  /** For the gateway alone: false when the address already was subscribed (never told to an unknown browser). */
  created: boolean;
}

export interface PodcastSubscription {
  id: string;
  firstName: string;
  lastName: string | null;
  email: string;
  phone: string | null;
  preferredFormat: PodcastPreferredFormat;
  interests: PodcastInterest[];
  howHeardAboutUs: PodcastHowHeard | null;
  wantsNewsletter: boolean;
  createdAt: string;
}

export interface PodcastUnsubscribeResult {
  email: string;
  unsubscribedAt: string;
}

/** The podcast feed's channel (RSS 2.0 with the iTunes and Podcasting 2.0 namespaces), from the media service's config. */
export interface FeedChannel {
  title: string;
  description: string;
  author: string;
  ownerName: string;
  ownerEmail: string;
  /** An Apple Podcasts category, e.g. "Religion & Spirituality", with an optional subcategory ("Christianity"). */
  category: string;
  subcategory: string | null;
  explicit: boolean;
  /** ISO 639 language, e.g. "en-us". */
  language: string;
  /** Square artwork, 1400 to 3000 px, absolute or a path on the site. */
  imageUrl: string;
  /** podcast:guid: UUIDv5 of the feed URL without its scheme (Podcasting 2.0), unless configured. */
  guid: string | null;
  /** podcast:locked: other platforms may not import the feed. */
  locked: boolean;
}

/** GET /api/config/podcast: what the podcast page shows as its featured video. */
export interface PodcastConfig {
  /** A YouTube (youtube-nocookie.com) or Vimeo player address, or null: the newest video episode in our own player. */
  featuredVideoEmbedUrl: string | null;
  /** The RSS feed's absolute address, for "Follow in your app". */
  feedUrl: string;
  /** The show's page in each listening app the site is configured with, in PODCAST_APPS order; empty when none is. */
  followLinks: { app: PodcastApp; url: string }[];
}

/** A piece of a search snippet: `match` when it is one of the words searched for (ADR 0053). */
export interface SearchSnippetPart {
  text: string;
  match: boolean;
}

/** One episode a podcast search found (ADR 0053). */
export interface EpisodeSearchHit {
  id: string;
  episodeNumber: number;
  title: string;
  mediaType: EpisodeMediaType;
  /** Whole seconds. */
  duration: number;
  thumbnailUrl: string | null;
  thumbnails: ImageRendition[];
  /** Where the description (the show notes) says the words; null when only the title or the transcript did. */
  snippet: SearchSnippetPart[] | null;
  /** The first transcript line saying the words, and when it starts (whole seconds); null when no single line does. */
  line: { start: number; parts: SearchSnippetPart[] } | null;
}

export interface EpisodeSearchResult {
  q: string;
  /** Every episode that matches; `items` are the best EPISODE_SEARCH_LIMIT of them. */
  total: number;
  items: EpisodeSearchHit[];
}

/** What replacing an episode's files answers: the episode, and the media keys it no longer uses (for caches to drop). */
export interface ReplacedEpisodeFiles {
  episode: PodcastEpisode;
  mediaKeys: string[];
}

/** One address of the podcast's mailing list: it asked for email and has not unsubscribed (ADR 0072). */
export interface PodcastSubscriberEmail {
  /** Lower case. */
  email: string;
  /** The token of its one-click unsubscribe link (`/api/podcast-subscriptions/unsubscribe?token=`). */
  unsubscribeToken: string;
}

/** Which of the tokens asked about belong to addresses still on the podcast's mailing list (ADR 0072). */
export interface StillSubscribed {
  tokens: string[];
}

export interface PodcastSubscriberEmailsPage {
  subscribers: PodcastSubscriberEmail[];
  /** The `after` of the next page; null on the last. */
  next: string | null;
}
