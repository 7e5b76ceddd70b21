import { MANUSCRIPT_PREFIX } from '@km/contracts';
import { AppError } from '@km/nest-kit';
import { ObjectStorage, parseByteRange } from '@km/nest-kit/storage';
import { Controller, Get, Logger, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { etagMatches, mediaKeyFromPath } from './media-request';

/** Keys are never reused (a new key per upload), so a response can be cached for good. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/**
 * Streams stored objects (images, episodes) with ranges, conditional requests and long caching (ARCHITECTURE §4).
 * Express answers HEAD with this GET route; the body is then left out.
 */
@ApiTags('media')
@Controller('media')
export class MediaController {
  private readonly logger = new Logger('MediaController');

  constructor(private readonly storage: ObjectStorage) {}

  @Get('*path')
  @ApiOperation({
    summary: 'An uploaded file: Range (206/416), HEAD, ETag/If-None-Match (304), cached for a year. The path is the imageUrl/videoUrl an item carries.',
  })
  async serve(@Req() req: Request, @Res() res: Response): Promise<void> {
    const key = mediaKeyFromPath(req.path);
    if (!key) throw new AppError('invalid', "That is not a valid media path: it may not contain '..', '.', empty or over-long segments.");
    // Manuscripts share the bucket but are private: only the admin download route serves them.
    const info = key.startsWith(`${MANUSCRIPT_PREFIX}/`) ? undefined : await this.storage.stat(key);
    if (!info) throw new AppError('not_found', `No media at ${req.path}.`);

    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Accept-Ranges', 'bytes');
    if (info.etag) res.setHeader('ETag', info.etag);
    if (info.lastModified) res.setHeader('Last-Modified', info.lastModified.toUTCString());
    if (etagMatches(req.header('if-none-match'), info.etag)) {
      res.setHeader('Cache-Control', CACHE_FOREVER);
      res.status(304).end();
      return;
    }
    // A range is only for the version the client has (If-Range); otherwise it gets the whole, current object.
    const ifRange = req.header('if-range');
    const range = ifRange && ifRange !== info.etag ? ({ type: 'whole' } as const) : parseByteRange(req.header('range'), info.size);
    if (range.type === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${info.size}`);
      throw new AppError('range_not_satisfiable', `The requested range is not satisfiable: the file has ${info.size} bytes.`);
    }

    const part = range.type === 'part' ? { start: range.start, end: range.end } : undefined;
    const object = req.method === 'HEAD' ? undefined : await this.storage.read(key, part);
    if (req.method !== 'HEAD' && !object) throw new AppError('not_found', `No media at ${req.path}.`);

    res.status(part ? 206 : 200);
    res.setHeader('Cache-Control', CACHE_FOREVER);
    res.setHeader('Content-Type', info.contentType);
    res.setHeader('Content-Length', String(part ? part.end - part.start + 1 : info.size));
    if (part) res.setHeader('Content-Range', `bytes ${part.start}-${part.end}/${info.size}`);
    if (!object) {
      res.end();
      return;
    }
    try {
      await pipeline(object.body, res);
    } catch (error) {
      // Usually the client went away (a video player seeking); the response is already under way either way.
      this.logger.debug(`streaming ${key} stopped: ${String(error)}`);
      res.destroy();
    }
  }
}
