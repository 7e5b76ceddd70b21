import type { PrayerWallPage } from '@km/contracts';
import type { PrayerRequestType } from '@km/contracts/vocabulary';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type WallSection = 'requests' | 'praise';

export const prayerWallKey = (section: WallSection, page: number, type: PrayerRequestType | '') => ['/api/prayer-wall', section, page, type] as const;

export async function getPrayerWall(section: WallSection, page: number, type: PrayerRequestType | ''): Promise<PrayerWallPage> {
  const query = new URLSearchParams({ page: String(page), ...(type ? { type } : {}) });
  const res = await apiRequest('GET', `/api/prayer-wall${section === 'praise' ? '/praise' : ''}?${query}`);
  return (await res.json()) as PrayerWallPage;
}

export const prayerWallQueryOptions = (section: WallSection, page: number, type: PrayerRequestType | '') =>
  queryOptions({ queryKey: prayerWallKey(section, page, type), queryFn: () => getPrayerWall(section, page, type), placeholderData: keepPreviousData });

export const usePrayerWall = (section: WallSection, page: number, type: PrayerRequestType | '') => useQuery(prayerWallQueryOptions(section, page, type));
