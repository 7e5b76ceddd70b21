import type { CookieSerializeOptions } from '@fastify/cookie';

export const SESSION_COOKIE = 'km_session';

export const sessionCookieOptions = (secure: boolean, expires?: Date): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure,
  path: '/',
  ...(expires ? { expires } : {}),
});
