import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HeldCommission, HeldCommissionReview } from '@km/contracts';
import { apiRequest } from '@/lib/api-client';
import { getPage, type Page } from '@/lib/paged-list';

export type { HeldCommission, HoldReason } from '@km/contracts';

export const HELD_COMMISSIONS_PATH = '/api/admin/held-commissions';

/** Admin only: commissions held for review as possible self-referral (ADR 0028), oldest first, at most 100. */
export const getHeldCommissions = (signal?: AbortSignal): Promise<Page<HeldCommission>> => getPage(HELD_COMMISSIONS_PATH, 1, 100, signal);

export const heldCommissionsQueryOptions = () =>
  queryOptions({ queryKey: [HELD_COMMISSIONS_PATH] as const, queryFn: ({ signal }) => getHeldCommissions(signal), placeholderData: keepPreviousData });

/** Read again each time the tab opens (another admin may have decided some since). */
export const useHeldCommissions = ({ enabled }: { enabled: boolean }) => useQuery({ ...heldCommissionsQueryOptions(), enabled, refetchOnMount: 'always' });

/** Approves (paid by the next run) or reverses (never paid) a held commission; the list is read again afterwards. */
export function useReviewHeldCommission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ commissionId, decision }: { commissionId: string; decision: 'approve' | 'reverse' }) =>
      (await (await apiRequest('POST', `${HELD_COMMISSIONS_PATH}/${commissionId}/${decision}`)).json()) as HeldCommissionReview,
    onSettled: () => client.invalidateQueries({ queryKey: [HELD_COMMISSIONS_PATH] }),
  });
}
