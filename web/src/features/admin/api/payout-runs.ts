import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutRetry, PayoutRow, PayoutRun, PayoutRunStart } from '@km/contracts';
import { apiRequest, throwIfResNotOk } from '@/lib/api-client';

export type { PayoutHeldReason, PayoutRetry, PayoutRow, PayoutRun } from '@km/contracts';

export const PAYOUT_RUNS_PATH = '/api/admin/payout-runs';
export const payoutRunCsvUrl = (month: string) => `${PAYOUT_RUNS_PATH}/${month}.csv`;

/** Admin only: the monthly payout runs, newest month first. */
export async function getPayoutRuns(signal?: AbortSignal): Promise<PayoutRun[]> {
  const res = await fetch(PAYOUT_RUNS_PATH, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as PayoutRun[];
}

export const payoutRunsQueryOptions = () => queryOptions({ queryKey: [PAYOUT_RUNS_PATH] as const, queryFn: ({ signal }) => getPayoutRuns(signal) });

/** Read again each time the tab opens (a run may have finished since). */
export const usePayoutRuns = ({ enabled }: { enabled: boolean }) => useQuery({ ...payoutRunsQueryOptions(), enabled, refetchOnMount: 'always' });

/** Starts or resumes a month's run (idempotent on the server); the list is read again afterwards. */
export function useStartPayoutRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (month: string) => (await (await apiRequest('POST', PAYOUT_RUNS_PATH, { month })).json()) as PayoutRunStart,
    onSuccess: () => client.invalidateQueries({ queryKey: [PAYOUT_RUNS_PATH] }),
  });
}

/** Payouts per page of a run's payouts (the gateway's page). */
export const RUN_PAYOUTS_PAGE_SIZE = 100;

/** Admin only: a page of a run's payouts in payout id order after `after` (ADR 0061): status, held reason, transfer id. */
export async function getRunPayouts(month: string, after: string | undefined, signal?: AbortSignal): Promise<PayoutRow[]> {
  const query = after ? `?after=${encodeURIComponent(after)}` : '';
  const res = await fetch(`${PAYOUT_RUNS_PATH}/${month}/payouts${query}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as PayoutRow[];
}

/** A run's payouts read a page at a time ("Load more"), keyed under the runs so a retry refreshes both. */
export const runPayoutsQueryOptions = (month: string) =>
  infiniteQueryOptions({
    queryKey: [PAYOUT_RUNS_PATH, month, 'payouts'] as const,
    queryFn: ({ pageParam, signal }) => getRunPayouts(month, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: PayoutRow[]) => (last.length === RUN_PAYOUTS_PAGE_SIZE ? last[last.length - 1].payoutId : undefined),
  });

export const useRunPayouts = (month: string, { enabled }: { enabled: boolean }) => useInfiniteQuery({ ...runPayoutsQueryOptions(month), enabled });

/** Transfers one held payout now (exactly once, ADR 0048); the runs and their payouts are read again afterwards. */
export function useRetryPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (payoutId: string) => (await (await apiRequest('POST', `${PAYOUT_RUNS_PATH}/payouts/${payoutId}/retry`)).json()) as PayoutRetry,
    onSettled: () => client.invalidateQueries({ queryKey: [PAYOUT_RUNS_PATH] }),
  });
}
