import type { EpisodeMediaType, PodcastHowHeard, PodcastInterest, PodcastPreferredFormat } from '../vocabulary/podcast';

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
  tags: string[];
  /** Whole seconds (ARCHITECTURE §10). */
  duration: number;
  views: number;
  likes: number;
  /** Bytes of the media object. */
  mediaSize: number;
  mediaContentType: string;
  createdAt: string;
  updatedAt: string;
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
}

export interface EpisodeViewResult {
  id: string;
  views: number;
  /** False when this visitor's play was already counted in the last 24 hours. */
  counted: boolean;
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
