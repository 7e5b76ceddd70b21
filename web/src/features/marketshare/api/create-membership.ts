import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionStarted } from '@/lib/session-hint';
import type { SignupFormValues } from '../signup-form';

export type CreateMembershipPayload = SignupFormValues & { subscriptionId: string; customerId: string };

/**
 * How the join ended for this browser (ADR 0026): signed in; a sign-in link mailed, because the email already has an
 * account that must prove it is the owner's; or nothing new (a repeat).
 */
export type JoinSignIn = 'signed_in' | 'link_sent' | 'none';

/** Spec §7: creates the member once the first payment went through (the server checks with Stripe). */
export async function createMembership(payload: CreateMembershipPayload): Promise<{ referralCode: string; signIn: JoinSignIn }> {
  const res = await apiRequest('POST', '/api/memberships', payload);
  const joined = (await res.json()) as { referralCode: string; signIn: JoinSignIn };
  if (joined.signIn === 'signed_in') sessionStarted();
  return joined;
}

export const useCreateMembership = () => useMutation({ mutationFn: createMembership });
