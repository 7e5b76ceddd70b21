import { z } from 'zod';
import { EPISODE_MEDIA_TYPES, EPISODE_SORTS, PODCAST_HOW_HEARD, PODCAST_INTERESTS, PODCAST_PREFERRED_FORMATS } from '../vocabulary/podcast';
import { isBlank, requiredEmail } from '../common/fields';

/** Object keys of episode media and thumbnails, as the gateway's uploads name them (ARCHITECTURE §4). */
export const EPISODE_MEDIA_PREFIX = 'media/episodes';
export const EPISODE_THUMBNAIL_PREFIX = 'media/thumbnails';

/** The media kinds each mediaType accepts (spec §9), as the upload sniffs them from the first bytes. */
export const EPISODE_MEDIA_KINDS = {
  video: ['video/mp4', 'video/quicktime', 'video/webm'],
  audio: ['audio/mpeg', 'audio/wav', 'audio/mp4'],
} as const;

/** Episodes per page unless asked otherwise (three rows of the grid); Load More asks for the next page. */
export const EPISODE_DEFAULT_PAGE_SIZE = 9;
export const EPISODE_QUERY_KEYS = ['sort', 'page', 'pageSize'] as const;

const requiredText = (field: string, max: number) =>
  z
    .string({ error: (issue) => (isBlank(issue.input) ? `${field} is required` : `${field} must be text`) })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

const optionalText = (field: string, max: number) =>
  z
    .union([z.string().trim().max(max, `${field} must be at most ${max} characters`), z.null()], { error: `${field} must be text` })
    .optional()
    .transform((value) => value || null);

const EPISODE_NUMBER_MESSAGE = 'episodeNumber must be a whole number from 1';
/** A number, or the text a number input sends. */
const episodeNumber = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, EPISODE_NUMBER_MESSAGE)
        .transform(Number),
    ],
    {
      error: (issue) => (isBlank(issue.input) ? 'episodeNumber is required' : EPISODE_NUMBER_MESSAGE),
    },
  )
  .pipe(z.number().int(EPISODE_NUMBER_MESSAGE).min(1, EPISODE_NUMBER_MESSAGE).max(999_999_999, 'episodeNumber must be at most 999999999'));

const DURATION_MESSAGE = 'duration must be HH:MM:SS or MM:SS, like 00:45:30 or 45:30';
/** `HH:MM:SS` or `MM:SS` (ARCHITECTURE §10) as whole seconds; minutes and seconds below 60. */
export function parseDuration(text: string): number | undefined {
  const match = /^(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}
const optionalDuration = z
  .string({ error: DURATION_MESSAGE })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === '') return null;
    const seconds = parseDuration(value);
    if (seconds === undefined) {
      ctx.addIssue({ code: 'custom', message: DURATION_MESSAGE });
      return z.NEVER;
    }
    return seconds;
  });

const tagsFromText = z
  .string({ error: 'tags must be text, separated by commas' })
  .optional()
  .transform((s) => [
    ...new Set(
      (s ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(z.string().max(40, 'each tag must be at most 40 characters')).max(20, 'at most 20 tags'));

const mediaType = z.enum(EPISODE_MEDIA_TYPES, {
  error: (issue) => (isBlank(issue.input) ? 'mediaType is required' : `mediaType must be one of ${EPISODE_MEDIA_TYPES.join(', ')}`),
});

/** The text fields of the multipart upload form (spec §5: title, episodeNumber, description, mediaType required). */
export const episodeFormSchema = z.object({
  title: requiredText('title', 200),
  episodeNumber,
  description: requiredText('description', 5000),
  mediaType,
  tags: tagsFromText,
  duration: optionalDuration,
});
export type EpisodeForm = z.infer<typeof episodeFormSchema>;

/** At most this many chapters an episode (Podcast Index's JSON chapters, ADR 0046). */
export const EPISODE_CHAPTERS_MAX = 100;

/**
 * An episode's chapters (ADR 0046): start times in whole seconds, strictly increasing; a title; an optional https
 * link (a store product, for example). That each starts before the episode ends is the media service's check.
 */
export const episodeChaptersSchema = z
  .array(
    z
      .object({
        startTime: z.number().int('a chapter startTime must be whole seconds').min(0, 'a chapter startTime must be 0 or more'),
        title: z.string().trim().min(1, 'a chapter title is required').max(200, 'a chapter title must be at most 200 characters'),
        url: z
          .string()
          .trim()
          .max(2000)
          .regex(/^(https:\/\/[^\s]+|\/[^/\s][^\s]*)$/, 'a chapter url must be an https:// address or a path on this site')
          .optional(),
      })
      .strict(),
  )
  .max(EPISODE_CHAPTERS_MAX, `at most ${EPISODE_CHAPTERS_MAX} chapters`)
  .refine((chapters) => chapters.every((c, i) => i === 0 || c.startTime > chapters[i - 1].startTime), {
    message: 'chapters must be in order of their start times, each starting after the one before',
  });

/** An admin's edit of the text fields (JSON); what is left out stays as it is. */
export const episodeEditSchema = z
  .object({
    title: requiredText('title', 200).optional(),
    episodeNumber: episodeNumber.optional(),
    description: requiredText('description', 5000).optional(),
    tags: z.union([tagsFromText, z.array(z.string().trim().min(1).max(40, 'each tag must be at most 40 characters')).max(20, 'at most 20 tags')]).optional(),
    duration: z.union([optionalDuration, z.number().int('duration must be whole seconds').min(0, 'duration must be 0 or more')]).optional(),
    chapters: episodeChaptersSchema.optional(),
  })
  .strict();
export type EpisodeEdit = z.infer<typeof episodeEditSchema>;

/** The episode as it travels from the gateway to the media service. */
export const episodeDataSchema = z.object({
  title: z.string().trim().min(1).max(200),
  episodeNumber: z.number().int().min(1).max(999_999_999),
  description: z.string().trim().min(1).max(5000),
  mediaType: z.enum(EPISODE_MEDIA_TYPES),
  tags: z.array(z.string().trim().min(1).max(40)).max(20),
  /** Whole seconds; null asks the service to read it from the media. */
  duration: z.number().int().min(0).nullable(),
});
export type EpisodeData = z.infer<typeof episodeDataSchema>;

const mediaKey = z.string().regex(/^media\/episodes\/[0-9a-f-]{36}\.(mp4|mov|webm|mp3|wav|m4a)$/, 'mediaKey must be a media/episodes/<uuid>.<ext> key');
const thumbnailKey = z.string().regex(/^media\/thumbnails\/[0-9a-f-]{36}\.(jpg|png|webp)$/, 'thumbnailKey must be a media/thumbnails/<uuid>.<ext> key');

export const createEpisodeSchema = z.object({
  episode: episodeDataSchema,
  media: z.object({ key: mediaKey, size: z.number().int().min(1), contentType: z.string().min(1).max(100) }),
  thumbnailKey: thumbnailKey.optional(),
});
export type CreateEpisodeRequest = z.infer<typeof createEpisodeSchema>;

export const episodeRefSchema = z.object({ id: z.string().max(200) });
export type EpisodeRef = z.infer<typeof episodeRefSchema>;

/** An episode by its number: the key of its page's address (ADR 0045). */
export const episodeNumberRefSchema = z.object({ episodeNumber: z.number().int().min(1).max(999_999_999) });

export const updateEpisodeSchema = episodeRefSchema.extend({
  edit: z.object({
    title: z.string().trim().min(1).max(200).optional(),
    episodeNumber: z.number().int().min(1).max(999_999_999).optional(),
    description: z.string().trim().min(1).max(5000).optional(),
    tags: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
    duration: z.number().int().min(0).nullable().optional(),
    chapters: episodeChaptersSchema.optional(),
  }),
});
export type UpdateEpisodeRequest = z.infer<typeof updateEpisodeSchema>;

const PAGE_MESSAGE = 'page must be a whole number from 1';
const PAGE_SIZE_MESSAGE = 'pageSize must be a whole number from 1 to 100';
/** Query string of GET /api/podcast-episodes. With page or pageSize the answer is one page; otherwise the whole list. */
export const episodeQuerySchema = z.object({
  sort: z.enum(EPISODE_SORTS, { error: `sort must be one of ${EPISODE_SORTS.join(', ')}` }).optional(),
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(1_000_000, 'page must be at most 1000000').optional(),
  pageSize: z.coerce.number({ error: PAGE_SIZE_MESSAGE }).int(PAGE_SIZE_MESSAGE).min(1, PAGE_SIZE_MESSAGE).max(100, PAGE_SIZE_MESSAGE).optional(),
});
export type EpisodeQuery = z.infer<typeof episodeQuerySchema>;

/** Bytes of episode JSON per chunk of the whole list: one NATS reply, well under the 1 MB bus limit. */
export const EPISODE_CHUNK_MAX_BYTES = 512 * 1024;
export const EPISODE_CHUNK_MAX_ITEMS = 500;
/** Where a chunk ends: `<views>|<episodeNumber>`; opaque to the gateway. */
export const EPISODE_CURSOR_PATTERN = /^\d{1,15}\|\d{1,9}$/;
export const episodeChunkSchema = z.object({
  sort: z.enum(EPISODE_SORTS),
  after: z.string().regex(EPISODE_CURSOR_PATTERN, 'after must be the next cursor of the previous chunk').optional(),
});
export type EpisodeChunkRequest = z.infer<typeof episodeChunkSchema>;

/** A play: counted once per episode per visitor per 24 hours. The visitor is already a hash. */
export const episodeViewSchema = z.object({ id: z.string().max(200), visitor: z.string().regex(/^[0-9a-f]{64}$/, 'visitor must be a sha-256 hex digest') });
export type EpisodeViewRequest = z.infer<typeof episodeViewSchema>;

const INTERESTS_MESSAGE = `interests must be a list of: ${PODCAST_INTERESTS.join(', ')}`;
/** POST /api/podcast-subscriptions (spec §3 Podcast subscription; §5: firstName and email required). */
export const podcastSubscriptionSchema = z.object({
  firstName: requiredText('firstName', 100),
  lastName: optionalText('lastName', 100),
  email: requiredEmail(),
  phone: optionalText('phone', 40),
  preferredFormat: z
    .union([z.enum(PODCAST_PREFERRED_FORMATS), z.literal(''), z.null()], { error: `preferredFormat must be one of ${PODCAST_PREFERRED_FORMATS.join(', ')}` })
    .optional()
    .transform((value) => value || 'email'),
  interests: z
    .array(z.enum(PODCAST_INTERESTS, { error: INTERESTS_MESSAGE }), { error: INTERESTS_MESSAGE })
    .optional()
    .transform((items) => [...new Set(items ?? [])]),
  howHeardAboutUs: z
    .union([z.enum(PODCAST_HOW_HEARD), z.literal(''), z.null()], { error: `howHeardAboutUs must be one of ${PODCAST_HOW_HEARD.join(', ')}` })
    .optional()
    .transform((value) => value || null),
  wantsNewsletter: z.boolean({ error: 'wantsNewsletter must be true or false' }).optional().default(false),
});
export type PodcastSubscriptionData = z.infer<typeof podcastSubscriptionSchema>;

/** A page of the podcast's mailing list for forms' campaign sender (ADR 0072), in address order after `after`. */
export const podcastSubscriberEmailsSchema = z.object({
  after: z.string().max(320).optional(),
  limit: z.number().int().min(1).max(5000).default(5000),
});

export const podcastUnsubscribeSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'token must be the one from the unsubscribe link') });

/** The unsubscribe tokens of a batch of an announcement's recipients (forms' campaign sender, ADR 0072). */
export const stillSubscribedSchema = z.object({ tokens: z.array(podcastUnsubscribeSchema.shape.token).max(5000) });

/**
 * Bytes a feed enclosure delivered to one visitor: `start` is the first offset sent, `bytes` how many went out.
 * The media service counts a download by the IAB Podcast Measurement Guidelines (see EpisodesService.download).
 */
export const episodeDownloadSchema = z.object({
  id: z.string().max(200),
  visitor: z.string().regex(/^[0-9a-f]{64}$/, 'visitor must be a sha-256 hex digest'),
  start: z.number().int().min(0),
  bytes: z.number().int().min(0),
  /** The listener's user agent, which media names an app with (ADR 0071); cut to 512 characters, never stored. */
  userAgent: z.string().max(512).optional(),
});
export type EpisodeDownloadRequest = z.infer<typeof episodeDownloadSchema>;

/** Transcript files an admin uploads (ADR 0046), and the MIME type each is served and listed in the feed with. */
export const TRANSCRIPT_FORMATS = ['vtt', 'srt'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];
export const TRANSCRIPT_TYPES: Record<TranscriptFormat, string> = { vtt: 'text/vtt', srt: 'application/x-subrip' };
/** Characters of one transcript file: about ten hours of speech, and under the bus's message limit. */
export const TRANSCRIPT_MAX_CHARS = 500_000;

export const transcriptUploadSchema = z
  .object({
    format: z.enum(TRANSCRIPT_FORMATS, { error: 'format must be vtt (WebVTT) or srt (SubRip)' }),
    text: z
      .string({ error: 'text is required: the transcript file as text' })
      .min(1, 'text is required: the transcript file as text')
      .max(
        TRANSCRIPT_MAX_CHARS,
        `text must be at most ${TRANSCRIPT_MAX_CHARS.toLocaleString('en-US')} characters: split the episode or shorten the transcript`,
      ),
  })
  .strict();
export type TranscriptUpload = z.infer<typeof transcriptUploadSchema>;

export const setTranscriptSchema = episodeRefSchema.extend({ transcript: transcriptUploadSchema });
export type SetTranscriptRequest = z.infer<typeof setTranscriptSchema>;

/** Characters of a podcast search (ADR 0053): a few words or a quoted phrase. */
export const EPISODE_SEARCH_MAX_CHARS = 200;
/** Hits a search answers, best first (ADR 0053): a person refines the words rather than paging. */
export const EPISODE_SEARCH_LIMIT = 20;

const SEARCH_REQUIRED = 'q is required: the words to search episodes for';
/** GET /api/podcast-episodes/search?q= (ADR 0053): words, "quoted phrases", -excluded words, or. */
export const episodeSearchSchema = z
  .object({
    q: z
      .string({ error: (issue) => (isBlank(issue.input) ? SEARCH_REQUIRED : 'q must be given once, as text') })
      .trim()
      .min(1, SEARCH_REQUIRED)
      .max(EPISODE_SEARCH_MAX_CHARS, `q must be at most ${EPISODE_SEARCH_MAX_CHARS} characters: search for fewer words`)
      .refine((q) => !/[\u0000-\u001f\u007f]/.test(q), 'q must not contain control characters'),
  })
  .strict();
export type EpisodeSearchRequest = z.infer<typeof episodeSearchSchema>;

/**
 * An admin's new media file, new thumbnail, or both, for an episode (ADR 0054), already streamed to storage by the
 * gateway; a new mediaType comes with new media of that kind.
 */
export const replaceEpisodeFilesSchema = episodeRefSchema.extend({
  mediaType: z.enum(EPISODE_MEDIA_TYPES).optional(),
  media: z.object({ key: mediaKey, size: z.number().int().min(1), contentType: z.string().min(1).max(100) }).optional(),
  thumbnailKey: thumbnailKey.optional(),
});
export type ReplaceEpisodeFilesRequest = z.infer<typeof replaceEpisodeFilesSchema>;
