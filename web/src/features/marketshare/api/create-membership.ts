import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionStarted } from '@/lib/session-hint';
import type { SignupFormValues } from '../signup-form';

export type CreateMembershipPayload = SignupFormValues & { subscriptionId: string; customerId: string };

/** Spec §7: creates the member once the first payment went through (the server checks with Stripe) and signs them in. */
export async function createMembership(payload: CreateMembershipPayload): Promise<{ referralCode: string }> {
  const res = await apiRequest('POST', '/api/memberships', payload);
  sessionStarted();
  return (await res.json()) as { referralCode: string };
}

export const useCreateMembership = () => useMutation({ mutationFn: createMembership });
