import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfResNotOk, type UnauthorizedBehavior } from '@/lib/api-client';
import { sessionMayExist } from '@/lib/session-hint';
import { toAuthUser, type AuthUser } from '../auth-slice';

export const meQueryKey = ['/api/auth/me'] as const;

/** The current user, or null when signed out (a 401, unless asked to treat it as an error). */
export async function getMe({ on401 = 'returnNull' }: { on401?: UnauthorizedBehavior } = {}): Promise<AuthUser | null> {
  // No session cookie came with the page: the answer could only be the 401 of a visitor.
  if (!sessionMayExist()) {
    if (on401 === 'returnNull') return null;
    throw new Error('Not authenticated');
  }
  const res = await fetch('/api/auth/me', { credentials: 'include' });
  if (res.status === 401) {
    if (on401 === 'returnNull') return null;
    throw new Error('Not authenticated');
  }
  await throwIfResNotOk(res);
  const body = (await res.json()) as { user?: unknown };
  return toAuthUser(body.user);
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: () => getMe(),
    retry: false,
    // Served without a session cookie: signed out from the first render, with no loading state in between.
    initialData: () => (sessionMayExist() ? undefined : null),
  });

export const useMe = () => useQuery(meQueryOptions());
