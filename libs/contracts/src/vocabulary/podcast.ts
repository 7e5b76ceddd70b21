import { toOptions } from './options';
import { slugOf } from './slug';

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

/**
 * An episode's own page (ADR 0045): `/podcast/{episodeNumber}-{slug of its title}`. The number decides which
 * episode; a stale slug (the title changed) is answered with a permanent redirect to the current address.
 */
export const episodePath = (episode: { episodeNumber: number; title: string }) => `/podcast/${episode.episodeNumber}-${slugOf(episode.title)}`;

/** `/podcast/{n}` or `/podcast/{n}-{slug}` → its number and slug ('' without one); undefined for any other path. */
export function parseEpisodePath(path: string): { episodeNumber: number; slug: string } | undefined {
  const match = /^\/podcast\/([1-9]\d{0,8})(?:-([^/]*))?$/.exec(path);
  return match ? { episodeNumber: Number(match[1]), slug: match[2] ?? '' } : undefined;
}

/** The listening apps "Follow in your app" links to, each shown only when the gateway is configured with its address (ADR 0046). */
export const PODCAST_APPS = ['apple', 'spotify', 'overcast', 'pocketCasts'] as const;
export type PodcastApp = (typeof PODCAST_APPS)[number];
export const PODCAST_APP_LABELS: Record<PodcastApp, string> = {
  apple: 'Apple Podcasts',
  spotify: 'Spotify',
  overcast: 'Overcast',
  pocketCasts: 'Pocket Casts',
};
/** The gateway's environment variable of each app's show address. */
export const PODCAST_APP_ENV = {
  apple: 'PODCAST_APPLE_URL',
  spotify: 'PODCAST_SPOTIFY_URL',
  overcast: 'PODCAST_OVERCAST_URL',
  pocketCasts: 'PODCAST_POCKET_CASTS_URL',
} as const satisfies Record<PodcastApp, string>;
/** Where the RSS feed lives on the site. */
export const PODCAST_FEED_PATH = '/feeds/podcast.xml';

/** The podcast list's one-click unsubscribe link (a GET or a POST unsubscribes; ADR 0056, 0072), in every podcast email. */
export const podcastUnsubscribeUrl = (publicOrigin: string, token: string) =>
  `${publicOrigin}/api/podcast-subscriptions/unsubscribe?token=${encodeURIComponent(token)}`;
