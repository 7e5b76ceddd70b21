import type { CookieSerializeOptions } from '@fastify/cookie';
import { IdentitySubjects } from '@km/contracts/identity';
import type { RpcClient } from '@km/nest-kit';
import type { FastifyReply } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import type { AuthedRequest } from './guards';

export const SESSION_COOKIE = 'km_session';
/** The browser that started a Marketshare payment step (ADR 0026): only it is signed in when the join completes. */
export const SIGNUP_COOKIE = 'km_signup';

export const sessionCookieOptions = (secure: boolean, expires?: Date): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure,
  path: '/',
  ...(expires ? { expires } : {}),
});

const cookieValue = (req: AuthedRequest, name: string): string | null => {
  const value: unknown = req.cookies?.[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null;
};

/**
 * The one way a session starts (password sign-in, a mailed link or code, a join): the browser's previous session is
 * revoked, so a session fixed on the browser by someone else never becomes a signed-in one, and a new cookie is set.
 */
export async function startSession(rpc: RpcClient, secure: boolean, req: AuthedRequest, res: FastifyReply, userId: string): Promise<void> {
  const previous = cookieValue(req, SESSION_COOKIE);
  if (previous) await rpc.send(IdentitySubjects.revokeSession, { token: previous });
  const session = await rpc.send(IdentitySubjects.createSession, { userId });
  res.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(secure, new Date(session.expiresAt)));
}

/** Incomplete subscriptions expire after about 23 hours; the signup cookie lives a day. */
const SIGNUP_COOKIE_MS = 24 * 3600_000;

/**
 * The hash of this browser's signup cookie, setting a new cookie first if it has none. Only the hash crosses the bus,
 * so the membership database never holds a value that would let anyone finish another browser's signup.
 */
export function signupBrowserKey(secure: boolean, req: AuthedRequest, res: FastifyReply): string {
  const existing = existingSignupBrowserKey(req);
  if (existing) return existing;
  const nonce = randomBytes(32).toString('base64url');
  res.setCookie(SIGNUP_COOKIE, nonce, { ...sessionCookieOptions(secure, new Date(Date.now() + SIGNUP_COOKIE_MS)), path: '/api' });
  return createHash('sha256').update(nonce).digest('hex');
}

/** The hash of this browser's signup cookie, or undefined when it has none (then the join signs nobody in). */
export function existingSignupBrowserKey(req: AuthedRequest): string | undefined {
  const nonce = cookieValue(req, SIGNUP_COOKIE);
  return nonce && /^[\w-]{43}$/.test(nonce) ? createHash('sha256').update(nonce).digest('hex') : undefined;
}

/**
 * A right password waiting for its second factor (ADR 0029). HttpOnly and sent only to the sign-in routes that
 * complete it; SameSite=Strict, since no cross-site navigation ever needs it; it lives minutes and is used up once.
 */
export const PENDING_LOGIN_COOKIE = 'km_pending_login';

export const pendingLoginCookieOptions = (secure: boolean, expires: Date): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure,
  path: '/api/auth/login',
  expires,
});
