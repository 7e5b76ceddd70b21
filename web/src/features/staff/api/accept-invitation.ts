import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Sets an invited staff member's first password with the token of the mailed link (ADR 0052); answers the username. */
export async function acceptStaffInvitation(body: { token: string; password: string }): Promise<{ username: string }> {
  const res = await apiRequest('POST', '/api/staff-invitations/accept', body);
  return (await res.json()) as { username: string };
}

export const useAcceptStaffInvitation = () => useMutation({ mutationFn: acceptStaffInvitation });
