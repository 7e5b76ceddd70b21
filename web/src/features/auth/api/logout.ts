import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout');
  } catch (cause) {
    throw new Error('Logout failed', { cause });
  }
}

export const useLogout = () => useMutation({ mutationFn: logout });
