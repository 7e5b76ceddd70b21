import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionStarted } from '@/lib/session-hint';

/** The six-digit code from the same email, for a device where the link opens in another browser (ADR 0026). */
export async function redeemSignInCode(input: { email: string; code: string }): Promise<Response> {
  const res = await apiRequest('POST', '/api/auth/member-link/code', input);
  sessionStarted();
  return res;
}
export function useRedeemSignInCode() {
  const client = useQueryClient();
  return useMutation({ mutationFn: redeemSignInCode, onSuccess: () => client.invalidateQueries() });
}
