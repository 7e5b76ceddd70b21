import { errorBody } from '@km/nest-kit';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isApiPath, requestPath } from './request-path';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing `/api` requests sent by another site's page. Browsers always send
 * `Origin` on such requests; tools without one (curl, Stripe's webhooks) pass.
 */
export function originCheckHook(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins);
  return (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (SAFE_METHODS.has(req.method) || !isApiPath(requestPath(req))) return done();
    const origin = req.headers.origin;
    const crossSite = req.headers['sec-fetch-site'] === 'cross-site';
    if ((origin && origin !== 'null' && allowed.has(origin)) || (!origin && !crossSite)) return done();
    void reply
      .status(403)
      .send(errorBody(403, 'forbidden', `Request refused: it came from another site (${origin ?? 'unknown origin'}). Use ${allowedOrigins[0]} instead.`));
  };
}
