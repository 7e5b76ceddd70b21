import { REQUEST_ID_HEADER, requestContext } from '@km/nest-kit';
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** Gives every request an id (kept from the caller when sane), echoes it, and logs one JSON line per request. */
export function requestContextMiddleware(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header(REQUEST_ID_HEADER);
    const requestId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      requestContext.run({ requestId }, () =>
        logger.info({ method: req.method, path: req.originalUrl.split('?')[0], status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request'),
      );
    });
    requestContext.run({ requestId }, next);
  };
}
