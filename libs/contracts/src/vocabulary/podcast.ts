import { toOptions } from './options';

export const EPISODE_MEDIA_TYPES = ['video', 'audio'] as const;
export type EpisodeMediaType = (typeof EPISODE_MEDIA_TYPES)[number];

/** All Episodes' orders (spec §2): latest and oldest by episodeNumber, popular by views then newest. */
export const EPISODE_SORTS = ['latest', 'oldest', 'popular'] as const;
export type EpisodeSort = (typeof EPISODE_SORTS)[number];
export const EPISODE_SORT_LABELS: Record<EpisodeSort, string> = { latest: 'Latest First', oldest: 'Oldest First', popular: 'Most Popular' };
export const EPISODE_SORT_OPTIONS = toOptions(EPISODE_SORTS, EPISODE_SORT_LABELS);

/** Podcast subscription (spec §3). */
export const PODCAST_PREFERRED_FORMATS = ['email', 'sms', 'both'] as const;
export type PodcastPreferredFormat = (typeof PODCAST_PREFERRED_FORMATS)[number];
export const PODCAST_PREFERRED_FORMAT_LABELS: Record<PodcastPreferredFormat, string> = { email: 'Email', sms: 'SMS', both: 'Both' };
export const PODCAST_PREFERRED_FORMAT_OPTIONS = toOptions(PODCAST_PREFERRED_FORMATS, PODCAST_PREFERRED_FORMAT_LABELS);

export const PODCAST_INTERESTS = ['faith', 'purpose', 'business', 'community'] as const;
export type PodcastInterest = (typeof PODCAST_INTERESTS)[number];
export const PODCAST_INTEREST_LABELS: Record<PodcastInterest, string> = { faith: 'Faith', purpose: 'Purpose', business: 'Business', community: 'Community' };
export const PODCAST_INTEREST_OPTIONS = toOptions(PODCAST_INTERESTS, PODCAST_INTEREST_LABELS);

/** The podcast dialog's own list (spec §3), not the contact form's. */
export const PODCAST_HOW_HEARD = ['search', 'social', 'friend', 'church', 'youtube', 'other'] as const;
export type PodcastHowHeard = (typeof PODCAST_HOW_HEARD)[number];
export const PODCAST_HOW_HEARD_LABELS: Record<PodcastHowHeard, string> = {
  search: 'Search engine',
  social: 'Social media',
  friend: 'Friend or family',
  church: 'Church',
  youtube: 'YouTube',
  other: 'Other',
};
export const PODCAST_HOW_HEARD_OPTIONS = toOptions(PODCAST_HOW_HEARD, PODCAST_HOW_HEARD_LABELS);
