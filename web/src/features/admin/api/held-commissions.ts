import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HeldCommission, HeldCommissionReview } from '@km/contracts';
import { apiRequest } from '@/lib/api-client';
import { getPage, type Page } from '@/lib/paged-list';

export type { HeldCommission, HoldReason } from '@km/contracts';

export const HELD_COMMISSIONS_PATH = '/api/admin/held-commissions';

export const HELD_COMMISSIONS_PAGE_SIZE = 50;

/** Admin only: a page of the commissions held for review as possible self-referral (ADR 0028), oldest first, with the whole count. */
export const getHeldCommissions = (page: number, signal?: AbortSignal): Promise<Page<HeldCommission>> =>
  getPage(HELD_COMMISSIONS_PATH, page, HELD_COMMISSIONS_PAGE_SIZE, signal);

export const heldCommissionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [HELD_COMMISSIONS_PATH, page] as const,
    queryFn: ({ signal }) => getHeldCommissions(page, signal),
    placeholderData: keepPreviousData,
  });

/** Read again each time the tab opens (another admin may have decided some since). */
export const useHeldCommissions = ({ enabled, page }: { enabled: boolean; page: number }) =>
  useQuery({ ...heldCommissionsQueryOptions(page), enabled, refetchOnMount: 'always' });

/** Approves (paid by the next run) or reverses (never paid) a held commission; the list is read again afterwards. */
export function useReviewHeldCommission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ commissionId, decision }: { commissionId: string; decision: 'approve' | 'reverse' }) =>
      (await (await apiRequest('POST', `${HELD_COMMISSIONS_PATH}/${commissionId}/${decision}`)).json()) as HeldCommissionReview,
    onSettled: () => client.invalidateQueries({ queryKey: [HELD_COMMISSIONS_PATH] }),
  });
}
