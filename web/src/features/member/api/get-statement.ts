import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarningsStatement } from '@km/contracts';
import { throwIfResNotOk } from '@/lib/api-client';

export const MEMBER_EARNINGS_PATH = '/api/membership/earnings';

/** Where the member prints their own statement of a year. */
export const ownStatementPageUrl = (year: string) => `/member-dashboard/statement?year=${encodeURIComponent(year)}`;

/** The signed-in member's own earnings statement of a calendar year (ADR 0061). */
export async function getOwnStatement(year: string, signal?: AbortSignal): Promise<EarningsStatement> {
  const res = await fetch(`${MEMBER_EARNINGS_PATH}/${encodeURIComponent(year)}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as EarningsStatement;
}

export const ownStatementQueryOptions = (year: string) =>
  queryOptions({ queryKey: [MEMBER_EARNINGS_PATH, year] as const, queryFn: ({ signal }) => getOwnStatement(year, signal) });

export const useOwnStatement = (year: string) => useQuery(ownStatementQueryOptions(year));
