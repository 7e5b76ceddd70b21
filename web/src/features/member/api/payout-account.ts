import type { MemberPayoutAccount, PayoutOnboardingLink } from '@km/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const PAYOUT_ACCOUNT_PATH = '/api/membership/payout-account';

export const getPayoutAccount = async (): Promise<MemberPayoutAccount> => (await (await apiRequest('GET', PAYOUT_ACCOUNT_PATH)).json()) as MemberPayoutAccount;
export const payoutAccountQueryOptions = () => queryOptions({ queryKey: [PAYOUT_ACCOUNT_PATH], queryFn: getPayoutAccount });
export const usePayoutAccount = () => useQuery(payoutAccountQueryOptions());

/** Sets up payouts (ADR 0048): the Stripe onboarding link the browser goes to; it comes back to /member-dashboard. */
export const startPayoutOnboarding = async (): Promise<PayoutOnboardingLink> =>
  (await (await apiRequest('POST', `${PAYOUT_ACCOUNT_PATH}/onboarding`)).json()) as PayoutOnboardingLink;
export const usePayoutOnboarding = () => useMutation({ mutationFn: startPayoutOnboarding });
