import type { CookieSerializeOptions } from '@fastify/cookie';

export const SESSION_COOKIE = 'km_session';

export const sessionCookieOptions = (secure: boolean, expires?: Date): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure,
  path: '/',
  ...(expires ? { expires } : {}),
});

/**
 * A right password waiting for its second factor (issue 25). HttpOnly and sent only to the sign-in routes that
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
