import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionStarted } from '@/lib/session-hint';
import { toAuthUser, type AuthUser } from '../auth-slice';

export interface LoginInput {
  username: string;
  password: string;
}

/** Failed logins throw the §8 error; its JSON body carries the server's message (see serverMessage). */
export async function login(input: LoginInput): Promise<AuthUser> {
  const res = await apiRequest('POST', '/api/auth/login', input);
  sessionStarted();
  const user = toAuthUser(((await res.json()) as { user?: unknown }).user);
  if (!user) throw new Error('Login failed: unexpected response');
  return user;
}

export const useLogin = () => useMutation({ mutationFn: login });
