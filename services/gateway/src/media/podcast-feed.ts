import { TRANSCRIPT_TYPES, type FeedChannel, type PodcastEpisode, type TranscriptFormat } from '@km/contracts/media';
import { episodePath } from '@km/contracts';
import { v5 as uuidv5 } from 'uuid';

/** Podcast Index's JSON chapters (ADR 0046): their MIME type and the address each episode's are served at. */
export const CHAPTERS_TYPE = 'application/json+chapters';
export const chaptersPath = (episode: Pick<PodcastEpisode, 'id'>) => `/api/podcast-episodes/${episode.id}/chapters.json`;

/** Where an episode's transcript is served in each format (ADR 0046). */
export const transcriptPath = (episode: Pick<PodcastEpisode, 'id'>, format: TranscriptFormat) => `/api/podcast-episodes/${episode.id}/transcript.${format}`;

/** An episode's chapters as Podcast Index's JSON chapters format 1.2.0. */
export const chaptersDocument = (episode: Pick<PodcastEpisode, 'title' | 'chapters'>) => ({
  version: '1.2.0',
  title: episode.title,
  chapters: episode.chapters.map((c) => ({ startTime: c.startTime, title: c.title, ...(c.url ? { url: c.url } : {}) })),
});

/** Podcasting 2.0's namespace for podcast:guid (UUIDv5 of the feed URL without its scheme and trailing slashes). */
const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

export const podcastGuid = (feedUrl: string) => uuidv5(feedUrl.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, ''), PODCAST_GUID_NAMESPACE);

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Text and attribute values; characters XML 1.0 cannot carry at all are dropped. */
const x = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

const absolute = (origin: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);

export interface FeedOptions {
  /** The site's public address, e.g. https://kingdom.example. */
  origin: string;
  /** Where each episode's enclosure is served (the download-counting address). */
  enclosureUrl: (episode: PodcastEpisode) => string;
  /** The show's hosts (podcast:person role="host"); none when unset. */
  hosts?: readonly { name: string; href?: string; img?: string }[];
}

/** What podcast:funding's link says: listeners support the show by joining Marketshare (ADR 0069). */
export const FUNDING_TEXT = 'Support the show: join Marketshare';

/** Only episodes with media the podcast apps accept (a WAV or WEBM once its rendition exists), latest first. */
export const feedEpisodes = (episodes: PodcastEpisode[]) => episodes.filter((e) => e.feedMedia !== null);

/** The newest change the feed shows: what Last-Modified says. */
export function feedLastModified(episodes: PodcastEpisode[]): Date | undefined {
  const times = episodes.map((e) => Math.max(Date.parse(e.createdAt), Date.parse(e.updatedAt)));
  return times.length > 0 ? new Date(Math.max(...times)) : undefined;
}

/**
 * RSS 2.0 with the iTunes and Podcasting 2.0 namespaces: what Apple Podcasts requires and PSP-1 asks for (channel
 * title, link, description, language, itunes:image/category/explicit/author, podcast:guid/locked, atom:link self;
 * per item title, description, pubDate, a guid that never changes, an enclosure with its exact length and type,
 * itunes:duration/episode/image, podcast:transcript (WebVTT and SubRip) and podcast:chapters when it has them);
 * podcast:funding to Marketshare and a podcast:person per configured host (ADR 0069).
 */
export function renderPodcastFeed(channel: FeedChannel, episodes: PodcastEpisode[], options: FeedOptions): string {
  const { origin } = options;
  const feedUrl = `${origin}/feeds/podcast.xml`;
  const image = absolute(origin, channel.imageUrl);
  const category = channel.subcategory
    ? `<itunes:category text="${x(channel.category)}"><itunes:category text="${x(channel.subcategory)}"/></itunes:category>`
    : `<itunes:category text="${x(channel.category)}"/>`;
  const lastBuild = feedLastModified(episodes);
  const items = episodes.map((e) => {
    const episodeImage = e.thumbnailUrl ? absolute(origin, e.thumbnailUrl) : image;
    return [
      '    <item>',
      `      <title>${x(e.title)}</title>`,
      `      <description>${x(e.description)}</description>`,
      `      <link>${x(`${origin}${episodePath(e)}`)}</link>`,
      // The row's id: a new upload is a new row, so a guid is never reused, and editing keeps it.
      `      <guid isPermaLink="false">${x(`kingdom-marketplace-episode-${e.id}`)}</guid>`,
      `      <pubDate>${new Date(e.createdAt).toUTCString()}</pubDate>`,
      `      <enclosure url="${x(options.enclosureUrl(e))}" length="${e.feedMedia!.size}" type="${x(e.feedMedia!.contentType)}"/>`,
      `      <itunes:duration>${e.duration}</itunes:duration>`,
      `      <itunes:episode>${e.episodeNumber}</itunes:episode>`,
      '      <itunes:episodeType>full</itunes:episodeType>',
      `      <itunes:image href="${x(episodeImage)}"/>`,
      `      <itunes:explicit>${channel.explicit}</itunes:explicit>`,
      ...(e.transcript
        ? (['vtt', 'srt'] as const).map(
            (format) => `      <podcast:transcript url="${x(`${origin}${transcriptPath(e, format)}`)}" type="${TRANSCRIPT_TYPES[format]}"/>`,
          )
        : []),
      ...(e.chapters.length > 0 ? [`      <podcast:chapters url="${x(`${origin}${chaptersPath(e)}`)}" type="${CHAPTERS_TYPE}"/>`] : []),
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${x(channel.title)}</title>`,
    `    <link>${x(`${origin}/podcast`)}</link>`,
    `    <description>${x(channel.description)}</description>`,
    `    <language>${x(channel.language)}</language>`,
    `    <atom:link href="${x(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...(lastBuild ? [`    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`] : []),
    `    <itunes:author>${x(channel.author)}</itunes:author>`,
    `    <itunes:owner><itunes:name>${x(channel.ownerName)}</itunes:name><itunes:email>${x(channel.ownerEmail)}</itunes:email></itunes:owner>`,
    `    <itunes:image href="${x(image)}"/>`,
    `    ${category}`,
    `    <itunes:explicit>${channel.explicit}</itunes:explicit>`,
    '    <itunes:type>episodic</itunes:type>',
    `    <podcast:guid>${x(channel.guid ?? podcastGuid(feedUrl))}</podcast:guid>`,
    `    <podcast:locked owner="${x(channel.ownerEmail)}">${channel.locked ? 'yes' : 'no'}</podcast:locked>`,
    `    <podcast:funding url="${x(`${origin}/marketshare`)}">${x(FUNDING_TEXT)}</podcast:funding>`,
    ...(options.hosts ?? []).map(
      (host) =>
        `    <podcast:person role="host"${host.href ? ` href="${x(host.href)}"` : ''}${host.img ? ` img="${x(host.img)}"` : ''}>${x(host.name)}</podcast:person>`,
    ),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
