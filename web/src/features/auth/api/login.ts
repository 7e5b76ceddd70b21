import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionStarted } from '@/lib/session-hint';
import { toAuthUser, type AuthUser } from '../auth-slice';

export interface LoginInput {
  username: string;
  password: string;
}

/**
 * A right password signs in, or (an admin, ADR 0029) waits for a second factor: a code from the authenticator app,
 * or, for an admin who has none yet, enrolment first. The pending sign-in lives in an HttpOnly cookie.
 */
export type LoginResult = { kind: 'signed-in'; user: AuthUser } | { kind: 'second-factor'; enrol: boolean };

/** Failed logins throw the §8 error; its JSON body carries the server's message (see serverMessage). */
export async function login(input: LoginInput): Promise<LoginResult> {
  const res = await apiRequest('POST', '/api/auth/login', input);
  const body = (await res.json()) as { user?: unknown; secondFactor?: unknown };
  if (body.secondFactor === 'totp' || body.secondFactor === 'totp-enrolment') return { kind: 'second-factor', enrol: body.secondFactor === 'totp-enrolment' };
  sessionStarted();
  const user = toAuthUser(body.user);
  if (!user) throw new Error('Login failed: unexpected response');
  return { kind: 'signed-in', user };
}

export const useLogin = () => useMutation({ mutationFn: login });

export interface TotpEnrolment {
  secret: string;
  otpauthUri: string;
  qrCodeDataUrl: string;
}

/** The secret to scan for an admin who must enrol before signing in. */
export async function setupPendingTotp(): Promise<TotpEnrolment> {
  return (await (await apiRequest('POST', '/api/auth/login/totp/setup')).json()) as TotpEnrolment;
}

/** Completes the pending sign-in with a 6-digit code or a recovery code; recoveryCodes come only after an enrolment. */
export async function completeLogin(code: string): Promise<{ user: AuthUser; recoveryCodes?: string[] }> {
  const res = await apiRequest('POST', '/api/auth/login/totp', { code });
  const body = (await res.json()) as { user?: unknown; recoveryCodes?: string[] };
  sessionStarted();
  const user = toAuthUser(body.user);
  if (!user) throw new Error('Login failed: unexpected response');
  return { user, ...(body.recoveryCodes ? { recoveryCodes: body.recoveryCodes } : {}) };
}
