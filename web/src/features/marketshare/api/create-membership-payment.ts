import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { SignupFormValues } from '../signup-form';

export interface MembershipPayment {
  clientSecret: string;
  subscriptionId: string;
  customerId: string;
}

/** Spec §7: the payment step; the browser then confirms `clientSecret` with Stripe.js. */
export async function createMembershipPayment(form: SignupFormValues): Promise<MembershipPayment> {
  const res = await apiRequest('POST', '/api/create-membership-payment', form);
  return (await res.json()) as MembershipPayment;
}

export const useCreateMembershipPayment = () => useMutation({ mutationFn: createMembershipPayment });
