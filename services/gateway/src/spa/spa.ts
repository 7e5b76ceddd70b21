import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';

const NOT_SPA = /^\/(api|media|feeds|health|ready)(\/|$)/;

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated,
 * and any other GET that wants HTML falls back to index.html (client-side routes).
 */
export function spaMiddleware(distDir: string) {
  const index = path.join(distDir, 'index.html');
  const assets = express.static(distDir, {
    index: false,
    setHeaders: (res, file) => {
      res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
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
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  };
}
