import type { MemberProfile } from '@km/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { PROFILE_KEY } from './get-profile';

export const changeMembership = async (action: 'cancel' | 'resume'): Promise<MemberProfile> =>
  (await (await apiRequest('POST', `/api/membership/${action}`)).json()) as MemberProfile;

export function useMembershipChange() {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeMembership, onSuccess: () => client.invalidateQueries({ queryKey: PROFILE_KEY }) });
}
