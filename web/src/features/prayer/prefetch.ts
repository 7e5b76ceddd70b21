import type { QueryClient } from '@tanstack/react-query';
import { prayerWallQueryOptions } from './api/get-prayer-wall';

/**
 * Starts fetching the wall's first pages (requests and praise) under the keys the page reads, while its code is still
 * downloading (as the store does, ADR 0024): the cards arrive with the page instead of after it.
 */
export function prefetchPrayerWall(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(prayerWallQueryOptions('requests', 1, ''));
  void queryClient.prefetchQuery(prayerWallQueryOptions('praise', 1, ''));
}
