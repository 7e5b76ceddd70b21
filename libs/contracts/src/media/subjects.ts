import type { z } from 'zod';
import type {
  createEpisodeSchema,
  episodeChunkSchema,
  episodeNumberRefSchema,
  setTranscriptSchema,
  episodeDownloadSchema,
  episodeQuerySchema,
  episodeSearchSchema,
  replaceEpisodeFilesSchema,
  episodeRefSchema,
  episodeViewSchema,
  podcastSubscriptionSchema,
  podcastSubscriberEmailsSchema,
  podcastUnsubscribeSchema,
  stillSubscribedSchema,
  updateEpisodeSchema,
} from './schemas';
import type { podcastAnalyticsQuerySchema, podcastAnalyticsRowsSchema, PodcastAnalyticsReport, PodcastAnalyticsRows } from './analytics';
import type {
  DeletedEpisode,
  EpisodeChunk,
  EpisodeDownloadResult,
  EpisodeTranscript,
  EpisodePage,
  EpisodeSearchResult,
  ReplacedEpisodeFiles,
  EpisodeViewResult,
  FeedChannel,
  PodcastEpisode,
  PodcastSubscribeOutcome,
  PodcastSubscriberEmailsPage,
  PodcastUnsubscribeResult,
  StillSubscribed,
} from './types';

/**
 * Request/reply subjects of the media service.
 * - episodesList: EpisodeQuery → EpisodePage (one page)
 * - episodesListChunk: {sort, after?} → EpisodeChunk (the whole list, in replies under the bus limit)
 * - episodesSearch: {q} → EpisodeSearchResult (invalid when q has no word to search for; ADR 0053)
 * - episodesByNumber: {episodeNumber} → PodcastEpisode (not_found when no episode has it; an episode page's key)
 * - transcriptSet: {id, transcript: {format, text}} → PodcastEpisode (invalid with the line of a malformed file)
 * - transcriptGet: {id} → EpisodeTranscript (not_found without one)
 * - episodesGet / episodesDelete: {id} → PodcastEpisode / DeletedEpisode (not_found for an unknown id)
 * - episodesCreate: the stored media and thumbnail with the validated fields → PodcastEpisode (conflict episode_number_taken)
 * - episodesUpdate: {id, edit} → PodcastEpisode
 * - episodesReplaceFiles: {id, mediaType?, media?, thumbnailKey?} → ReplacedEpisodeFiles (invalid when the media is not of the mediaType; ADR 0054)
 * - episodesView: {id, visitor} → EpisodeViewResult (once per visitor per 24 hours)
 * - subscriptionsCreate: the subscription form → PodcastSubscribeOutcome (the same for a new or a subscribed address)
 * - subscriptionsUnsubscribe: {token} → PodcastUnsubscribeResult
 * - subscriptionsEmails: {after?, limit} → PodcastSubscriberEmailsPage (the mailing list a page at a time, for forms only; ADR 0072)
 * - subscriptionsStillSubscribed: {tokens} → StillSubscribed (which of these unsubscribe tokens still get email: an
 *   announcement's recipients are checked just before they are sent to; for forms only, ADR 0072)
 * - episodesDownload: {id, visitor, start, bytes, userAgent?} → EpisodeDownloadResult (IAB: a minute's worth, once per visitor per 24 hours)
 * - analyticsReport: {from, to, episodeId?} → PodcastAnalyticsReport (UTC days, at most 366; ADR 0071)
 * - analyticsRows: {from, to, episodeId?, after?} → PodcastAnalyticsRows (the CSV's rows, a page at a time)
 * - feedChannel: {} → FeedChannel (the RSS channel's settings, from the media service's config)
 */
export const MediaSubjects = {
  episodesList: 'media.episodes.list',
  episodesListChunk: 'media.episodes.list-chunk',
  episodesGet: 'media.episodes.get',
  episodesByNumber: 'media.episodes.by-number',
  episodesSearch: 'media.episodes.search',
  transcriptSet: 'media.episodes.transcript-set',
  transcriptGet: 'media.episodes.transcript-get',
  episodesCreate: 'media.episodes.create',
  episodesUpdate: 'media.episodes.update',
  episodesReplaceFiles: 'media.episodes.replace-files',
  episodesDelete: 'media.episodes.delete',
  episodesView: 'media.episodes.view',
  episodesDownload: 'media.episodes.download',
  subscriptionsCreate: 'media.subscriptions.create',
  subscriptionsUnsubscribe: 'media.subscriptions.unsubscribe',
  subscriptionsEmails: 'media.subscriptions.emails',
  subscriptionsStillSubscribed: 'media.subscriptions.still-subscribed',
  feedChannel: 'media.feed.channel',
  analyticsReport: 'media.analytics.report',
  analyticsRows: 'media.analytics.rows',
} as const;

/** What each media subject takes and answers; `RpcClient.send` reads its types from here. */
export interface MediaSubjectMap {
  [MediaSubjects.episodesList]: { payload: z.input<typeof episodeQuerySchema>; result: EpisodePage };
  [MediaSubjects.episodesListChunk]: { payload: z.input<typeof episodeChunkSchema>; result: EpisodeChunk };
  [MediaSubjects.episodesGet]: { payload: z.input<typeof episodeRefSchema>; result: PodcastEpisode };
  [MediaSubjects.episodesByNumber]: { payload: z.input<typeof episodeNumberRefSchema>; result: PodcastEpisode };
  [MediaSubjects.episodesSearch]: { payload: z.input<typeof episodeSearchSchema>; result: EpisodeSearchResult };
  [MediaSubjects.transcriptSet]: { payload: z.input<typeof setTranscriptSchema>; result: PodcastEpisode };
  [MediaSubjects.transcriptGet]: { payload: z.input<typeof episodeRefSchema>; result: EpisodeTranscript };
  [MediaSubjects.episodesCreate]: { payload: z.input<typeof createEpisodeSchema>; result: PodcastEpisode };
  [MediaSubjects.episodesUpdate]: { payload: z.input<typeof updateEpisodeSchema>; result: PodcastEpisode };
  [MediaSubjects.episodesReplaceFiles]: { payload: z.input<typeof replaceEpisodeFilesSchema>; result: ReplacedEpisodeFiles };
  [MediaSubjects.episodesDelete]: { payload: z.input<typeof episodeRefSchema>; result: DeletedEpisode };
  [MediaSubjects.episodesView]: { payload: z.input<typeof episodeViewSchema>; result: EpisodeViewResult };
  [MediaSubjects.episodesDownload]: { payload: z.input<typeof episodeDownloadSchema>; result: EpisodeDownloadResult };
  [MediaSubjects.subscriptionsCreate]: { payload: z.input<typeof podcastSubscriptionSchema>; result: PodcastSubscribeOutcome };
  [MediaSubjects.subscriptionsUnsubscribe]: { payload: z.input<typeof podcastUnsubscribeSchema>; result: PodcastUnsubscribeResult };
  [MediaSubjects.subscriptionsEmails]: { payload: z.input<typeof podcastSubscriberEmailsSchema>; result: PodcastSubscriberEmailsPage };
  [MediaSubjects.subscriptionsStillSubscribed]: { payload: z.input<typeof stillSubscribedSchema>; result: StillSubscribed };
  [MediaSubjects.feedChannel]: { payload: Record<string, never>; result: FeedChannel };
  [MediaSubjects.analyticsReport]: { payload: z.input<typeof podcastAnalyticsQuerySchema>; result: PodcastAnalyticsReport };
  [MediaSubjects.analyticsRows]: { payload: z.input<typeof podcastAnalyticsRowsSchema>; result: PodcastAnalyticsRows };
}
