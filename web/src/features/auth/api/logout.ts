import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionEnded } from '@/lib/session-hint';

export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout');
    sessionEnded();
  } catch (cause) {
    throw new Error('Logout failed', { cause });
  }
}

export const useLogout = () => useMutation({ mutationFn: logout });
