import type { CardSetup, MemberBilling } from '@km/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { PROFILE_KEY } from './get-profile';
import { INVOICES_PATH } from './get-invoices';

export const BILLING_PATH = '/api/membership/billing';

/** The card the membership is charged to, and the grace period's end while a renewal is unpaid (ADR 0059). */
export const getBilling = async (): Promise<MemberBilling> => (await (await apiRequest('GET', BILLING_PATH)).json()) as MemberBilling;
export const billingQueryOptions = () => queryOptions({ queryKey: [BILLING_PATH], queryFn: getBilling });
export const useMemberBilling = () => useQuery(billingQueryOptions());

/** A SetupIntent's client secret for the Payment Element to save a new card with. */
export const startCardSetup = async (): Promise<CardSetup> => (await (await apiRequest('POST', `${BILLING_PATH}/card-setup`)).json()) as CardSetup;
export const useCardSetup = () => useMutation({ mutationFn: startCardSetup });

/** The saved card becomes the membership's; an unpaid renewal is retried with it. Status, card and invoices refresh. */
export const chooseCard = async (setupIntentId: string): Promise<MemberBilling> =>
  (await (await apiRequest('POST', `${BILLING_PATH}/card`, { setupIntentId })).json()) as MemberBilling;
export function useChooseCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: chooseCard,
    onSettled: () => Promise.all([PROFILE_KEY, [BILLING_PATH], [INVOICES_PATH]].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
