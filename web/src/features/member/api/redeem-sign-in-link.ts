import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionStarted } from '@/lib/session-hint';

export async function redeemSignInLink(token: string): Promise<Response> {
  const res = await apiRequest('POST', '/api/auth/member-link/redeem', { token });
  sessionStarted();
  return res;
}
export function useRedeemSignInLink() {
  const client = useQueryClient();
  return useMutation({ mutationFn: redeemSignInLink, onSuccess: () => client.invalidateQueries() });
}
