import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface RegisterInput {
  username: string;
  password: string;
  /** Required of visitors: the account is confirmed by a link mailed to it (ADR 0026). */
  email?: string;
  isAdmin: boolean;
}

/** The server honours isAdmin: true only when an admin makes the call; a visitor is answered {accepted: true}. */
export async function register(input: RegisterInput): Promise<unknown> {
  try {
    const res = await apiRequest('POST', '/api/auth/register', input);
    return await res.json();
  } catch (cause) {
    throw new Error('Registration failed', { cause });
  }
}

export const useRegister = () => useMutation({ mutationFn: register });
