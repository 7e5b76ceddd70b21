import type { MemberProfile } from '@km/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { PROFILE_KEY } from './get-profile';

export async function updateProfile(body: { firstName: string; lastName: string; phone: string }): Promise<MemberProfile> {
  return (await (await apiRequest('PUT', '/api/membership/profile', body)).json()) as MemberProfile;
}
/** Spec §4 Profile update: success refreshes the profile. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: () => client.invalidateQueries({ queryKey: PROFILE_KEY }) });
}
