/** One WEBP copy of an uploaded picture, as catalog items and episodes list them (ADR 0021). */
export interface Rendition {
  url: string;
  width: number;
}

/** `srcSetOf`: `url 320w, url 640w` for `srcset`; `renditionFor`: one copy for places without `srcset` (a video's poster). */
export { renditionFor, srcSetOf } from '@km/contracts/vocabulary';
