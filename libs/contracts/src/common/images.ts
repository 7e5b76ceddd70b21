/**
 * ADR 0021: every uploaded picture (catalog images, episode thumbnails) gets width-limited WEBP copies, made at upload
 * time and stored beside the original, so a page can ask (`srcset`) for the one that fits the box it is shown in.
 */
export interface ImageRendition {
  /** `/media/…-w<width>.webp` */
  url: string;
  /** Pixels; the height keeps the original's proportions. */
  width: number;
}

/**
 * The widths asked for: a card on a phone or a desktop column (320), the same at 2× or a dialog (640), a wide
 * dialog at 2× (960). An original narrower than a width gets one copy at its own width instead of an enlargement.
 */
export const IMAGE_RENDITION_WIDTHS = [320, 640, 960] as const;

/** `media/catalog/<uuid>.png` → `media/catalog/<uuid>-w320.webp`: beside the original, named by its width. */
export const renditionKey = (originalKey: string, width: number): string => `${originalKey.replace(/\.[^./]+$/, '')}-w${width}.webp`;

/** The renditions an API answer lists, narrowest first; none for an image stored before renditions existed. */
export const renditionsOf = (originalKey: string | null, widths: readonly number[]): ImageRendition[] =>
  originalKey ? [...widths].sort((a, b) => a - b).map((width) => ({ url: `/${renditionKey(originalKey, width)}`, width })) : [];
