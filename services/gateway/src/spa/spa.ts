import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import path from 'node:path';

const NOT_SPA = /^\/(api|media|feeds|health|ready)(\/|$)/;

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated,
 * and any other GET that wants HTML falls back to index.html (client-side routes).
 * The web build writes `.br` and `.gz` files next to each asset; the one the browser accepts is sent as is
 * (`Content-Encoding`, `Vary: Accept-Encoding`, the original file's `Content-Type`), so nothing is compressed per request.
 */
export function spaMiddleware(distDir: string) {
  const index = path.join(distDir, 'index.html');
  // express-static-gzip lists the compressed files once, when the gateway starts (after the web build).
  const assets = expressStaticGzip(path.resolve(distDir), {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path)) return next();
    assets(req, res, () => {
      if (!req.accepts('html')) return next();
      if (!existsSync(index)) {
        res.status(503).type('text/plain').send('The web app has not been built yet. Run `npm run build` (npm start does this for you).');
        return;
      }
      // A miss on a compressed asset left these behind; the fallback page is neither.
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  };
}
