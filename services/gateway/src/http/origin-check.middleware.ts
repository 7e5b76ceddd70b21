import { errorBody } from '@km/nest-kit';
import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page. Browsers always send
 * `Origin` on such requests; tools without one (curl, Stripe's webhooks) pass.
 */
export function originCheckMiddleware(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.header('origin');
    const crossSite = req.header('sec-fetch-site') === 'cross-site';
    if ((origin && origin !== 'null' && allowed.has(origin)) || (!origin && !crossSite)) return next();
    res
      .status(403)
      .json(errorBody(403, 'forbidden', `Request refused: it came from another site (${origin ?? 'unknown origin'}). Use ${allowedOrigins[0]} instead.`));
  };
}
