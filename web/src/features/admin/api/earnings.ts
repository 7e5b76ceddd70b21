import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarningsStatement } from '@km/contracts';
import { throwIfResNotOk } from '@/lib/api-client';

export const ADMIN_EARNINGS_PATH = '/api/admin/earnings';

/** The year's earnings per member as CSV, members at or above the 1099-NEC threshold flagged (ADR 0061). */
export const earningsCsvUrl = (year: string) => `${ADMIN_EARNINGS_PATH}/${year}.csv`;

/** Where an admin prints a member's statement of a year. */
export const statementPageUrl = (memberId: string, year: string) =>
  `/admin/earnings-statement?member=${encodeURIComponent(memberId)}&year=${encodeURIComponent(year)}`;

/** Admin only: one member's earnings statement of a calendar year. */
export async function getMemberStatement(memberId: string, year: string, signal?: AbortSignal): Promise<EarningsStatement> {
  const res = await fetch(`${ADMIN_EARNINGS_PATH}/${encodeURIComponent(year)}/members/${encodeURIComponent(memberId)}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as EarningsStatement;
}

export const memberStatementQueryOptions = (memberId: string, year: string) =>
  queryOptions({ queryKey: [ADMIN_EARNINGS_PATH, year, memberId] as const, queryFn: ({ signal }) => getMemberStatement(memberId, year, signal) });

export const useMemberStatement = (memberId: string, year: string) => useQuery(memberStatementQueryOptions(memberId, year));
