/** Where the podcast page's featured video may come from instead of our own player (ADR 0017): YouTube or Vimeo. */
const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/**
 * The embed address of a YouTube or Vimeo video, from the address an admin copies: a watch page
 * (youtube.com/watch?v=…, youtu.be/…, vimeo.com/…) or an embed address (youtube.com/embed/…,
 * youtube-nocookie.com/embed/…, player.vimeo.com/video/…). YouTube embeds go through youtube-nocookie.com (no cookies
 * until the visitor plays). Undefined for anything else.
 */
export function featuredVideoEmbedUrl(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return undefined;
  const host = url.hostname.replace(/^www\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  let youtube: string | undefined;
  if (host === 'youtu.be' && segments.length === 1) youtube = segments[0];
  else if ((host === 'youtube.com' || host === 'm.youtube.com') && segments.length === 1 && segments[0] === 'watch')
    youtube = url.searchParams.get('v') ?? undefined;
  else if ((host === 'youtube.com' || host === 'youtube-nocookie.com') && segments.length === 2 && segments[0] === 'embed') youtube = segments[1];
  if (youtube !== undefined) return YOUTUBE_ID.test(youtube) ? `https://www.youtube-nocookie.com/embed/${youtube}` : undefined;

  let vimeo: string | undefined;
  if (host === 'vimeo.com' && segments.length === 1) vimeo = segments[0];
  else if (host === 'player.vimeo.com' && segments.length === 2 && segments[0] === 'video') vimeo = segments[1];
  if (vimeo !== undefined) return VIMEO_ID.test(vimeo) ? `https://player.vimeo.com/video/${vimeo}` : undefined;
  return undefined;
}
