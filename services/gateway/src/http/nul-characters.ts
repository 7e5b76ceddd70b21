import { errorBody } from '@km/nest-kit';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isApiPath, requestPath } from './request-path';

/** Where in a parsed JSON body or query the first string holding U+0000 is (`phone`, `items.0.name`), if any. */
export function nulCharacterAt(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  // Parsed bodies are at most 1 MB; the depth bound keeps a pathological one from costing more than that.
  if (depth > 64 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulCharacterAt(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Postgres text cannot hold the NUL character: a JSON string or query value carrying one would be refused deep inside
 * a service and answer 500. Found by the fault suite's contract fuzzing (a profile phone number with U+0000).
 */
export function refuseNulCharacters(part: 'query' | 'body') {
  return (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (!isApiPath(requestPath(req))) return done();
    const field = nulCharacterAt(req[part]);
    if (field === undefined) return done();
    const message = `${field || 'The request'} contains the NUL character (\\u0000), which text cannot hold. Remove it and try again.`;
    void reply.status(400).send(errorBody(400, 'invalid', message, { fields: [{ field, message }] }));
  };
}
