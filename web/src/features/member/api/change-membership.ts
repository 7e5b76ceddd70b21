import type { CancelMembershipRequest, MemberProfile } from '@km/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { PROFILE_KEY } from './get-profile';

/** Cancel (with the member's optional reason and note, ADR 0059) or resume. */
export type MembershipChange = { action: 'cancel'; cancellation?: CancelMembershipRequest } | { action: 'resume' };

export const changeMembership = async (change: MembershipChange): Promise<MemberProfile> =>
  (await (
    await apiRequest('POST', `/api/membership/${change.action}`, change.action === 'cancel' ? (change.cancellation ?? {}) : undefined)
  ).json()) as MemberProfile;

export function useMembershipChange() {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeMembership, onSuccess: () => client.invalidateQueries({ queryKey: PROFILE_KEY }) });
}
