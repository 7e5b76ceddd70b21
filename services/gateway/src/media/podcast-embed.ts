import { episodePath, parseEpisodePath, SITE_NAME } from '@km/contracts';
import type { PodcastEpisode } from '@km/contracts/media';
import { escapeHtml, htmlPage } from '../http/html';

/** The embeddable player of an episode (ADR 0069): the only address other sites may frame. */
export const embedPath = (episode: Pick<PodcastEpisode, 'id'>) => `/embed/episodes/${episode.id}`;

/** The oEmbed endpoint (oembed.com §2.2) and the discovery link of an episode page (§4). */
export const OEMBED_PATH = '/api/oembed';
export const oembedDiscoveryUrl = (origin: string, pageUrl: string) => `${origin}${OEMBED_PATH}?url=${encodeURIComponent(pageUrl)}&format=json`;

/** The show's artwork: its size is fixed, so oEmbed can state the thumbnail's width and height as the spec asks. */
export const SHOW_COVER = { url: '/podcast-cover.jpg', width: 1400, height: 1400 };

/**
 * What may frame the embed and what it may load: any site may frame it, and it loads only this site's pictures and
 * media and its own inline style (no script at all: the browser's own player controls). Every other address keeps
 * `frame-ancestors 'none'` (security-headers.ts).
 */
export const EMBED_CSP = [
  "default-src 'none'",
  "img-src 'self' data:",
  "media-src 'self'",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** The iframe's default size: a video's 16:9 picture under the title bar, or the title bar over the audio player. */
const DEFAULT_WIDTH = 640;
const TITLE_BAR = 64;
const AUDIO_HEIGHT = 152;

export interface EmbedSize {
  width: number;
  height: number;
}

/** The iframe's size, never past maxwidth/maxheight (oEmbed §2.2): a video keeps its 16:9 picture as it narrows. */
export function embedSize(episode: Pick<PodcastEpisode, 'mediaType'>, max: { maxwidth?: number; maxheight?: number }): EmbedSize {
  const video = episode.mediaType === 'video';
  let width = Math.min(DEFAULT_WIDTH, max.maxwidth ?? DEFAULT_WIDTH);
  if (video && max.maxheight !== undefined) width = Math.max(1, Math.min(width, Math.floor(((max.maxheight - TITLE_BAR) * 16) / 9)));
  const height = Math.min(video ? Math.round((width * 9) / 16) + TITLE_BAR : AUDIO_HEIGHT, max.maxheight ?? Infinity);
  return { width, height };
}

/** The iframe another site pastes. */
export function embedIframe(origin: string, episode: Pick<PodcastEpisode, 'id' | 'title'>, size: EmbedSize): string {
  return (
    `<iframe src="${escapeHtml(`${origin}${embedPath(episode)}`)}" width="${size.width}" height="${size.height}" ` +
    `title="${escapeHtml(`${SITE_NAME} Podcast: ${episode.title}`)}" style="border:0" loading="lazy" allow="autoplay; fullscreen" allowfullscreen></iframe>`
  );
}

/** The episode a URL names on this site (`/podcast/{n}-{slug}`), or undefined for a foreign or other address. */
export function episodeNumberOfPageUrl(origin: string, url: string): number | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.origin !== origin) return undefined;
  return parseEpisodePath(parsed.pathname.replace(/\/+$/, ''))?.episodeNumber;
}

/** oEmbed 1.0's rich response for an episode (oembed.com §2.3.4). */
export function oembedResponse(origin: string, episode: PodcastEpisode, size: EmbedSize) {
  return {
    version: '1.0',
    type: 'rich',
    title: `Episode ${episode.episodeNumber}: ${episode.title}`,
    provider_name: SITE_NAME,
    provider_url: `${origin}/`,
    cache_age: 3600,
    thumbnail_url: `${origin}${SHOW_COVER.url}`,
    thumbnail_width: SHOW_COVER.width,
    thumbnail_height: SHOW_COVER.height,
    html: embedIframe(origin, episode, size),
    width: size.width,
    height: size.height,
  };
}

/** The media sources of the player: the original first, then the feed's M4A/MP4 rendition when it is another file. */
const sourcesOf = (episode: PodcastEpisode) => [
  { src: episode.videoUrl, type: episode.mediaContentType },
  ...(episode.feedMedia && episode.feedMedia.url !== episode.videoUrl ? [{ src: episode.feedMedia.url, type: episode.feedMedia.contentType }] : []),
];

/** The embed page: title, picture, the browser's player with the episode's sources, and a link back to its page. */
export function renderEmbedPage(origin: string, episode: PodcastEpisode): string {
  const pageUrl = `${origin}${episodePath(episode)}`;
  const name = `Episode ${episode.episodeNumber}: ${episode.title}`;
  const picture = episode.thumbnails.at(0)?.url ?? episode.thumbnailUrl ?? SHOW_COVER.url;
  const tag = episode.mediaType === 'video' ? 'video' : 'audio';
  const sources = sourcesOf(episode)
    .map((s) => `<source src="${escapeHtml(s.src)}" type="${escapeHtml(s.type)}">`)
    .join('');
  const poster = tag === 'video' ? ` poster="${escapeHtml(picture)}" playsinline` : '';
  return htmlPage({
    title: `${name} | ${SITE_NAME} Podcast`,
    head: `<link rel="canonical" href="${escapeHtml(pageUrl)}">\n`,
    style: `html,body{margin:0;height:100%}
body{font:14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f1a2e;background:#fff;display:flex;flex-direction:column}
header{display:flex;gap:10px;align-items:center;padding:8px 10px;min-height:48px}
header img{width:48px;height:48px;object-fit:cover;border-radius:6px;flex:none}
h1{margin:0;font-size:15px;line-height:1.3;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
p{margin:0;font-size:12px}
a{color:#4b2a7a}
a:focus-visible,audio:focus-visible,video:focus-visible{outline:3px solid #4b2a7a;outline-offset:2px}
main{flex:1;display:flex;flex-direction:column;min-height:0}
video{flex:1;min-height:0;width:100%;background:#000}
audio{width:calc(100% - 20px);margin:0 10px 10px}`,
    body: `<main>
<header>
<img src="${escapeHtml(picture)}" alt="" width="48" height="48">
<div>
<h1><a href="${escapeHtml(pageUrl)}" target="_blank" rel="noopener">${escapeHtml(name)}</a></h1>
<p>${SITE_NAME} Podcast</p>
</div>
</header>
<${tag} controls preload="metadata"${poster} aria-label="${escapeHtml(`Play ${name}`)}">${sources}<a href="${escapeHtml(pageUrl)}" target="_blank" rel="noopener">Listen on ${SITE_NAME}</a></${tag}>
</main>`,
  });
}
