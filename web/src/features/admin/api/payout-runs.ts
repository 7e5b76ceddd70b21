import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutRun, PayoutRunStart } from '@km/contracts';
import { apiRequest, throwIfResNotOk } from '@/lib/api-client';

export type { PayoutRun } from '@km/contracts';

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
