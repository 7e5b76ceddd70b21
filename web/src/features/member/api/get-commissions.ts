import type { MemberCommission } from '@km/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getPage, pagedListQueryOptions } from '@/lib/paged-list';
import { MEMBER_PAGE_SIZE } from './member-page-size';

export const COMMISSIONS_PATH = '/api/membership/commissions';

/** The member's commissions, newest first: one page, with the whole count. */
export const getCommissions = (page: number, signal?: AbortSignal) => getPage<MemberCommission>(COMMISSIONS_PATH, page, MEMBER_PAGE_SIZE, signal);
export const commissionsQueryOptions = () => pagedListQueryOptions(COMMISSIONS_PATH, getCommissions);
export const useMemberCommissions = () => useInfiniteQuery(commissionsQueryOptions());
