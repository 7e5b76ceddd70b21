import type { MemberProfile } from '@km/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api-client';
import { sessionMayExist } from '@/lib/session-hint';

export type { MemberProfile } from '@km/contracts';

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
