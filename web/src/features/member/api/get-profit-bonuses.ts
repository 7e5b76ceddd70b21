import type { MemberProfitBonus } from '@km/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getPage, pagedListQueryOptions } from '@/lib/paged-list';
import { MEMBER_PAGE_SIZE } from './member-page-size';

export const PROFIT_BONUSES_PATH = '/api/membership/profit-bonuses';

/** The member's profit bonuses, newest first: one page, with the whole count. */
export const getProfitBonuses = (page: number, signal?: AbortSignal) => getPage<MemberProfitBonus>(PROFIT_BONUSES_PATH, page, MEMBER_PAGE_SIZE, signal);
export const profitBonusesQueryOptions = () => pagedListQueryOptions(PROFIT_BONUSES_PATH, getProfitBonuses);
export const useMemberProfitBonuses = () => useInfiniteQuery(profitBonusesQueryOptions());
