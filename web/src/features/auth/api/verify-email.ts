import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Confirms the address an account was registered with, by the token of the mailed link (ADR 0026). */
export async function verifyEmail(token: string): Promise<{ verified: true }> {
  const res = await apiRequest('POST', '/api/auth/verify-email', { token });
  return (await res.json()) as { verified: true };
}

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
