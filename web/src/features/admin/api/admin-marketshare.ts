import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMember, ProfitBonusPeriod, ProfitBonusPeriodDue, ProfitBonusPeriodStart } from '@km/contracts';
import { apiRequest, throwIfResNotOk } from '@/lib/api-client';
import { getPage, type Page } from '@/lib/paged-list';

export type { AdminMember, ProfitBonusPeriod } from '@km/contracts';

export const ADMIN_MEMBERS_PATH = '/api/admin/members';
export const PROFIT_BONUS_PERIODS_PATH = '/api/admin/profit-bonus-periods';
export const DUE_PROFIT_BONUS_PERIOD_PATH = '/api/admin/profit-bonus-periods/due';
export const ADMIN_MEMBERS_PAGE_SIZE = 25;

/** Admin only: a page of the members, newest first, with the whole count (X-Total-Count). */
const getMembers = (page: number, signal?: AbortSignal): Promise<Page<AdminMember>> => getPage(ADMIN_MEMBERS_PATH, page, ADMIN_MEMBERS_PAGE_SIZE, signal);

export const useAdminMembers = ({ enabled, page }: { enabled: boolean; page: number }) =>
  useQuery({
    queryKey: [ADMIN_MEMBERS_PATH, page] as const,
    queryFn: ({ signal }) => getMembers(page, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

async function getPeriods(signal?: AbortSignal): Promise<ProfitBonusPeriod[]> {
  const res = await fetch(PROFIT_BONUS_PERIODS_PATH, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as ProfitBonusPeriod[];
}

export const useProfitBonusPeriods = ({ enabled }: { enabled: boolean }) =>
  useQuery({ queryKey: [PROFIT_BONUS_PERIODS_PATH] as const, queryFn: ({ signal }) => getPeriods(signal), enabled, refetchOnMount: 'always' });

/**
 * The newest period the server's start accepts now. The server decides it in its payout time zone: computed from the
 * browser's calendar, the default was a day off near midnight of a payout day and the start answered 409.
 */
export const useDueProfitBonusPeriod = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: [DUE_PROFIT_BONUS_PERIOD_PATH] as const,
    queryFn: async ({ signal }) => {
      const res = await fetch(DUE_PROFIT_BONUS_PERIOD_PATH, { credentials: 'include', signal });
      await throwIfResNotOk(res);
      return (await res.json()) as ProfitBonusPeriodDue;
    },
    enabled,
    refetchOnMount: 'always',
  });

/** Starts or resumes a half-year's profit bonus run (idempotent on the server); the list is read again afterwards. */
export function useStartProfitBonusPeriod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (period: string) => (await (await apiRequest('POST', PROFIT_BONUS_PERIODS_PATH, { period })).json()) as ProfitBonusPeriodStart,
    onSuccess: () => client.invalidateQueries({ queryKey: [PROFIT_BONUS_PERIODS_PATH] }),
  });
}
