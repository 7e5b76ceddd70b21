import type { MemberCommission, MemberProfile, MemberProfitBonus, MemberReferral, MemberStats } from '@km/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, throwIfResNotOk } from '@/lib/api-client';
import { sessionMayExist, sessionStarted } from '@/lib/session-hint';

export type { MemberCommission, MemberProfile, MemberProfitBonus, MemberReferral, MemberStats } from '@km/contracts';

/** Who is looking: the member's profile, or why not (signed out: 401; signed in but not a member: 403). */
export type ProfileLookup = { kind: 'member'; profile: MemberProfile } | { kind: 'signed-out' } | { kind: 'not-member' };

export const PROFILE_KEY = ['/api/membership/profile'] as const;

export async function getProfile(signal?: AbortSignal): Promise<ProfileLookup> {
  // No session cookie came with the page: the answer could only be the 401 of a visitor.
  if (!sessionMayExist()) return { kind: 'signed-out' };
  const res = await fetch('/api/membership/profile', { credentials: 'include', signal });
  if (res.status === 401) return { kind: 'signed-out' };
  if (res.status === 403) return { kind: 'not-member' };
  await throwIfResNotOk(res);
  return { kind: 'member', profile: (await res.json()) as MemberProfile };
}
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => getProfile(signal),
    // Served without a session cookie: the sign-in form from the first render, with no loading state in between.
    initialData: (): ProfileLookup | undefined => (sessionMayExist() ? undefined : { kind: 'signed-out' }),
  });
export const useMemberProfile = () => useQuery(profileQueryOptions());

/** The member's other reads use the default query function (spec §7: the key is the URL). */
export const useMemberStats = (enabled: boolean) => useQuery<MemberStats>({ queryKey: ['/api/membership/stats'], enabled });
export const useMemberReferrals = (enabled: boolean) => useQuery<MemberReferral[]>({ queryKey: ['/api/membership/referrals'], enabled });
export const useMemberCommissions = (enabled: boolean) => useQuery<MemberCommission[]>({ queryKey: ['/api/membership/commissions'], enabled });
export const useMemberProfitBonuses = (enabled: boolean) => useQuery<MemberProfitBonus[]>({ queryKey: ['/api/membership/profit-bonuses'], enabled });

export async function updateProfile(body: { firstName: string; lastName: string; phone: string }): Promise<MemberProfile> {
  return (await (await apiRequest('PUT', '/api/membership/profile', body)).json()) as MemberProfile;
}
/** Spec §4 Profile update: success refreshes the profile. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: () => client.invalidateQueries({ queryKey: PROFILE_KEY }) });
}

export function useMembershipChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'cancel' | 'resume') => (await (await apiRequest('POST', `/api/membership/${action}`)).json()) as MemberProfile,
    onSuccess: () => client.invalidateQueries({ queryKey: PROFILE_KEY }),
  });
}

/** Always 202: whether the address is a member's is never revealed. */
export const useRequestSignInLink = () => useMutation({ mutationFn: (email: string) => apiRequest('POST', '/api/auth/member-link', { email }) });

export function useRedeemSignInLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      const res = await apiRequest('POST', '/api/auth/member-link/redeem', { token });
      sessionStarted();
      return res;
    },
    onSuccess: () => client.invalidateQueries(),
  });
}

/** The six-digit code from the same email, for a device where the link opens in another browser (issue 25). */
export function useRedeemSignInCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; code: string }) => {
      const res = await apiRequest('POST', '/api/auth/member-link/code', input);
      sessionStarted();
      return res;
    },
    onSuccess: () => client.invalidateQueries(),
  });
}
