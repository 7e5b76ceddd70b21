/** Domain events of the media service; published through its outbox after the change commits. */
export const MediaEvents = {
  episodePublished: 'media.episode.published',
  episodeUpdated: 'media.episode.updated',
  episodeDeleted: 'media.episode.deleted',
  subscriptionCreated: 'media.subscription.created',
} as const;

export interface EpisodeEvent {
  episodeId: string;
  episodeNumber: number;
}

export interface PodcastSubscriptionCreatedEvent {
  subscriptionId: string;
  /** The address and its newsletter opt-in: forms asks it to confirm the newsletter too (ADR 0055). */
  email: string;
  wantsNewsletter: boolean;
}

/** What each media event carries. */
export interface MediaEventMap {
  [MediaEvents.episodePublished]: EpisodeEvent;
  [MediaEvents.episodeUpdated]: EpisodeEvent;
  [MediaEvents.episodeDeleted]: EpisodeEvent;
  [MediaEvents.subscriptionCreated]: PodcastSubscriptionCreatedEvent;
}
