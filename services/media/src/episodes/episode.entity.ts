import { renditionsOf } from '@km/contracts/common';
import type { EpisodeMediaType } from '@km/contracts/vocabulary';
import type { EpisodeChapter, FeedMedia, PodcastEpisode, TranscriptCue } from '@km/contracts/media';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Enclosure types Apple Podcasts and PSP-1 accept as they are (MP3, M4A, MP4, MOV). */
export const FEED_READY_TYPES = new Set(['audio/mpeg', 'audio/mp4', 'video/mp4', 'video/quicktime']);

/** bigint columns come back from Postgres as text; counts and sizes stay far below 2^53. */
const bigintAsNumber = { to: (value: number) => value, from: (value: string | number) => Number(value) };

@Entity({ name: 'podcast_episodes' })
export class EpisodeEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ name: 'episode_number', type: 'integer' })
  episodeNumber: number;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'media_type', type: 'text' })
  mediaType: EpisodeMediaType;

  /** `media/episodes/<uuid>.<ext>`: the original upload, which the site's players use. */
  @Column({ name: 'media_key', type: 'text' })
  mediaKey: string;

  @Column({ name: 'media_size', type: 'bigint', transformer: bigintAsNumber })
  mediaSize: number;

  @Column({ name: 'media_content_type', type: 'text' })
  mediaContentType: string;

  @Column({ name: 'thumbnail_key', type: 'text', nullable: true })
  thumbnailKey: string | null;

  /** Widths of the WEBP renditions beside the thumbnail (ADR 0021); empty for one stored before they existed. */
  @Column({ name: 'thumbnail_widths', type: 'integer', array: true, default: () => `'{}'` })
  thumbnailWidths: number[];

  @Column({ type: 'text', array: true, default: () => `'{}'` })
  tags: string[];

  /** Whole seconds (ARCHITECTURE §10). */
  @Column({ type: 'integer', default: 0 })
  duration: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  views: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  likes: number;

  /** The feed's M4A/MP4 copy of a WAV or WEBM upload (renditions job); null until made, or when not needed. */
  @Column({ name: 'rendition_key', type: 'text', nullable: true })
  renditionKey: string | null;

  @Column({
    name: 'rendition_size',
    type: 'bigint',
    nullable: true,
    transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) },
  })
  renditionSize: number | null;

  @Column({ name: 'rendition_content_type', type: 'text', nullable: true })
  renditionContentType: string | null;

  /** The uploaded transcript's format, its original in storage and its cues (ADR 0046); null without one. */
  @Column({ name: 'transcript_format', type: 'text', nullable: true })
  transcriptFormat: 'vtt' | 'srt' | null;

  @Column({ name: 'transcript_key', type: 'text', nullable: true })
  transcriptKey: string | null;

  /** Read only when asked for: lists and feeds do not carry transcripts. */
  @Column({ name: 'transcript_cues', type: 'jsonb', nullable: true, select: false })
  transcriptCues: TranscriptCue[] | null;

  /** In order of their start times (ADR 0046). */
  @Column({ type: 'jsonb', default: () => `'[]'` })
  chapters: EpisodeChapter[];

  /** Feed downloads counted by the IAB rules (see download-blocks.ts). */
  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  downloads: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** What the feed lists: the original when apps accept it, else its rendition once made, else nothing yet. */
function feedMedia(key: string, size: number, type: string, rKey: string | null, rSize: number | null, rType: string | null): FeedMedia | null {
  if (FEED_READY_TYPES.has(type)) return { url: `/${key}`, size, contentType: type };
  if (rKey && rSize !== null && rType) return { url: `/${rKey}`, size: rSize, contentType: rType };
  return null;
}

export const toEpisodeDto = (e: EpisodeEntity): PodcastEpisode => ({
  id: e.id,
  title: e.title,
  episodeNumber: e.episodeNumber,
  description: e.description,
  mediaType: e.mediaType,
  videoUrl: `/${e.mediaKey}`,
  thumbnailUrl: e.thumbnailKey ? `/${e.thumbnailKey}` : null,
  thumbnails: renditionsOf(e.thumbnailKey, e.thumbnailWidths),
  tags: e.tags,
  duration: e.duration,
  views: Number(e.views),
  likes: Number(e.likes),
  downloads: Number(e.downloads),
  mediaSize: Number(e.mediaSize),
  mediaContentType: e.mediaContentType,
  transcript: e.transcriptFormat,
  chapters: e.chapters,
  feedMedia: feedMedia(e.mediaKey, Number(e.mediaSize), e.mediaContentType, e.renditionKey, e.renditionSize, e.renditionContentType),
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
});

/** A podcast_episodes row as plain SQL returns it. */
export interface EpisodeRow {
  id: string;
  title: string;
  episode_number: number;
  description: string;
  media_type: EpisodeMediaType;
  media_key: string;
  media_size: string;
  media_content_type: string;
  thumbnail_key: string | null;
  thumbnail_widths: number[];
  tags: string[];
  duration: number;
  views: string;
  likes: string;
  downloads: string;
  rendition_key: string | null;
  rendition_size: string | null;
  rendition_content_type: string | null;
  chapters: EpisodeChapter[];
  transcript_format: 'vtt' | 'srt' | null;
  created_at: Date;
  updated_at: Date;
}

export const EPISODE_COLUMNS =
  'id, title, episode_number, description, media_type, media_key, media_size, media_content_type, thumbnail_key, thumbnail_widths, tags, duration, views, likes, downloads, rendition_key, rendition_size, rendition_content_type, chapters, transcript_format, created_at, updated_at';

export const rowToEpisodeDto = (r: EpisodeRow): PodcastEpisode => ({
  id: r.id,
  title: r.title,
  episodeNumber: r.episode_number,
  description: r.description,
  mediaType: r.media_type,
  videoUrl: `/${r.media_key}`,
  thumbnailUrl: r.thumbnail_key ? `/${r.thumbnail_key}` : null,
  thumbnails: renditionsOf(r.thumbnail_key, r.thumbnail_widths),
  tags: r.tags,
  duration: r.duration,
  views: Number(r.views),
  likes: Number(r.likes),
  downloads: Number(r.downloads),
  mediaSize: Number(r.media_size),
  mediaContentType: r.media_content_type,
  transcript: r.transcript_format,
  chapters: r.chapters,
  feedMedia: feedMedia(
    r.media_key,
    Number(r.media_size),
    r.media_content_type,
    r.rendition_key,
    r.rendition_size === null ? null : Number(r.rendition_size),
    r.rendition_content_type,
  ),
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});
