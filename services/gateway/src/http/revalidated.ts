import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { headerOf } from './raw-reply';

/**
 * Answers a public list the way the store's lists are answered: the browser keeps it and asks again each time
 * (`no-cache` with an ETag), getting a bodiless 304 while nothing changed, so a change shows on the next read
 * (ADR 0042, ADR 0053). The path must also be one `no-store.middleware.ts` leaves cacheable.
 */
export async function sendRevalidated(req: FastifyRequest, res: FastifyReply, body: unknown): Promise<void> {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  res.header('Cache-Control', 'no-cache').header('ETag', etag).header('Vary', 'Accept-Encoding');
  const asked = headerOf(req, 'if-none-match');
  if (asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    await res.status(304).send();
    return;
  }
  await res.type('application/json; charset=utf-8').send(json);
}
