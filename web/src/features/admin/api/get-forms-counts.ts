import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api-client';
import type { FormsCounts } from '../inbox';

export const FORMS_COUNTS_PATH = '/api/forms/counts';

export async function getFormsCounts(signal?: AbortSignal): Promise<FormsCounts> {
  const res = await fetch(FORMS_COUNTS_PATH, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as FormsCounts;
}

export const formsCountsQueryOptions = () => queryOptions({ queryKey: [FORMS_COUNTS_PATH] as const, queryFn: ({ signal }) => getFormsCounts(signal) });

/** Admin data: fetched only for admins (spec §6), and again each time the dashboard opens. */
export const useFormsCounts = ({ enabled }: { enabled: boolean }) => useQuery({ ...formsCountsQueryOptions(), enabled, refetchOnMount: 'always' });
