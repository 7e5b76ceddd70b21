import { MANUSCRIPT_PREFIX } from '@km/contracts';
import { AppError, Public } from '@km/nest-kit';
import { ObjectStorage } from '@km/nest-kit/storage';
import { Controller, Get, Logger, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { mediaKeyFromPath } from './media-request';
import { ObjectInfoCache } from './object-info-cache';
import { serveObject } from './serve-object';

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

  constructor(
    private readonly storage: ObjectStorage,
    private readonly infos: ObjectInfoCache,
  ) {}

  @Get('*path')
  @Public()
  @ApiOperation({
    summary: 'An uploaded file: Range (206/416), HEAD, ETag/If-None-Match (304), cached for a year. The path is the imageUrl/videoUrl an item carries.',
  })
  async serve(@Req() req: Request, @Res() res: Response): Promise<void> {
    const key = mediaKeyFromPath(req.path);
    if (!key) throw new AppError('invalid', "That is not a valid media path: it may not contain '..', '.', empty or over-long segments.");
    // Manuscripts share the bucket but are private: only the admin download route serves them.
    const info = key.startsWith(`${MANUSCRIPT_PREFIX}/`) ? undefined : await this.infos.stat(key);
    if (!info) throw new AppError('not_found', `No media at ${req.path}.`);

    await serveObject(req, res, this.storage, info, this.logger, { cacheControl: CACHE_FOREVER });
  }
}
