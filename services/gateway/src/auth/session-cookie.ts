import type { CookieOptions } from 'express';

export const SESSION_COOKIE = 'km_session';

export const sessionCookieOptions = (secure: boolean, expires?: Date): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure,
  path: '/',
  ...(expires ? { expires } : {}),
});
