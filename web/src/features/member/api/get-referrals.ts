import type { MemberReferral } from '@km/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getPage, pagedListQueryOptions } from '@/lib/paged-list';
import { MEMBER_PAGE_SIZE } from './member-page-size';

export const REFERRALS_PATH = '/api/membership/referrals';

/** Members this member referred, newest first: one page, with the whole count. */
export const getReferrals = (page: number, signal?: AbortSignal) => getPage<MemberReferral>(REFERRALS_PATH, page, MEMBER_PAGE_SIZE, signal);
export const referralsQueryOptions = () => pagedListQueryOptions(REFERRALS_PATH, getReferrals);
export const useMemberReferrals = () => useInfiniteQuery(referralsQueryOptions());
