/** One WEBP copy of an uploaded picture, as catalog items and episodes list them (issue 14). */
export interface Rendition {
  url: string;
  width: number;
}

/** `url 320w, url 640w` for `srcset`; undefined for a picture stored before renditions existed (the original is used). */
export { srcSetOf } from '@km/contracts/vocabulary';

/** The narrowest copy at least `width` wide (else the widest), for places without `srcset` such as a video's poster. */
export function renditionFor(renditions: readonly Rendition[] | undefined, width: number, original: string): string {
  if (!renditions || renditions.length === 0) return original;
  return (renditions.find((r) => r.width >= width) ?? renditions[renditions.length - 1]).url;
}
