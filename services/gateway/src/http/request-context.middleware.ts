import { REQUEST_ID_HEADER, requestContext } from '@km/nest-kit';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const CONTEXT = Symbol('requestContext');
type WithContext = FastifyRequest & { [CONTEXT]?: { requestId: string } };

/**
 * Gives every request an id (kept from the caller when sane), echoes it, and logs one JSON line for each request that
 * failed (status ≥ 400) or took `slowMs` or longer: method, path, status, duration and (from the context) the id. A
 * quick success is logged only at debug: a line per request cost the gateway more CPU than a warm catalog read.
 * The id's context is entered in `onRequest` (for the hooks) and again in `preHandler`: a body is read from the
 * socket's events, outside the first one, so the route (and every NATS request it makes) runs inside the second.
 */
export function requestContextHooks(logger: Logger, slowMs: number) {
  const everyRequest = logger.isLevelEnabled('debug');
  return {
    onRequest(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
      const incoming = req.headers[REQUEST_ID_HEADER];
      const requestId = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
      const store = { requestId };
      (req as WithContext)[CONTEXT] = store;
      // On the raw response: answers written past fastify's reply (downloads) carry it too.
      reply.raw.setHeader(REQUEST_ID_HEADER, requestId);
      const started = process.hrtime.bigint();
      reply.raw.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const status = reply.raw.statusCode;
        const level = status >= 400 || ms >= slowMs ? 'info' : everyRequest ? 'debug' : undefined;
        if (!level) return;
        requestContext.run(store, () => logger[level]({ method: req.method, path: req.url.split('?')[0], status, ms: Math.round(ms * 10) / 10 }, 'request'));
      });
      requestContext.run(store, done);
    },
    preHandler(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
      const store = (req as WithContext)[CONTEXT];
      if (store) requestContext.run(store, done);
      else done();
    },
  };
}
