import type { MemberStats } from '@km/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const STATS_PATH = '/api/membership/stats';

export const getStats = async (): Promise<MemberStats> => (await (await apiRequest('GET', STATS_PATH)).json()) as MemberStats;
export const statsQueryOptions = () => queryOptions({ queryKey: [STATS_PATH], queryFn: getStats });
export const useMemberStats = () => useQuery(statsQueryOptions());
