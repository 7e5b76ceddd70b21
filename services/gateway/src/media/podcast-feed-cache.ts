import { Injectable } from '@nestjs/common';

/**
 * How long one rendered feed is served (ADR 0017: the feed was rendered from every episode on every request). The
 * gateway that writes an episode drops it at once ({@link PodcastFeedCache.invalidate}); other replicas and the
 * renditions the media service finishes later show within this, well inside the five minutes apps cache the feed.
 */
export const FEED_RENDER_TTL_MS = 10_000;

/** One rendered value shared by every request until it expires or an episode changes; concurrent misses share one render. */
@Injectable()
export class PodcastFeedCache<T = unknown> {
  private entry?: { value: Promise<T>; at: number };

  constructor(private readonly now: () => number = Date.now) {}

  get(render: () => Promise<T>): Promise<T> {
    const now = this.now();
    if (this.entry && now - this.entry.at < FEED_RENDER_TTL_MS) return this.entry.value;
    const entry = { value: render(), at: now };
    this.entry = entry;
    // A failed render is not kept: the next request tries again.
    entry.value.catch(() => {
      if (this.entry === entry) this.entry = undefined;
    });
    return entry.value;
  }

  /** An episode was created, edited or deleted through this gateway. */
  invalidate(): void {
    this.entry = undefined;
  }
}
