import type { MemberPayoutAccount, PayoutMethod, PayoutOnboardingLink } from '@km/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const PAYOUT_ACCOUNT_PATH = '/api/membership/payout-account';

export const getPayoutAccount = async (): Promise<MemberPayoutAccount> => (await (await apiRequest('GET', PAYOUT_ACCOUNT_PATH)).json()) as MemberPayoutAccount;
export const payoutAccountQueryOptions = () => queryOptions({ queryKey: [PAYOUT_ACCOUNT_PATH], queryFn: getPayoutAccount });
export const usePayoutAccount = () => useQuery(payoutAccountQueryOptions());

/** Sets up payouts (ADR 0048): the Stripe onboarding link the browser goes to; it comes back to /member-dashboard. */
export const startPayoutOnboarding = async (): Promise<PayoutOnboardingLink> =>
  (await (await apiRequest('POST', `${PAYOUT_ACCOUNT_PATH}/onboarding`)).json()) as PayoutOnboardingLink;
export const usePayoutOnboarding = () => useMutation({ mutationFn: startPayoutOnboarding });

/** Where the member's earnings go (ADR 0062): transfers to their bank, or credit off their own $5 invoices. */
export const setPayoutMethod = async (method: PayoutMethod): Promise<MemberPayoutAccount> =>
  (await (await apiRequest('PUT', '/api/membership/payout-method', { method })).json()) as MemberPayoutAccount;
export function useSetPayoutMethod() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setPayoutMethod, onSuccess: (account) => client.setQueryData(payoutAccountQueryOptions().queryKey, account) });
}
