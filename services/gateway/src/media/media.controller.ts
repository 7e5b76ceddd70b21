import { MANUSCRIPT_PREFIX } from '@km/contracts';
import { AppError, Public } from '@km/nest-kit';
import { Controller, Get, Logger, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MediaCopies } from './media-copies';
import { mediaKeyFromPath } from './media-request';
import { ObjectInfoCache } from './object-info-cache';
import { serveObject } from './serve-object';
import { pathOf } from '../http/raw-reply';

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
    private readonly copies: MediaCopies,
    private readonly infos: ObjectInfoCache,
  ) {}

  @Get('*')
  @Public()
  @ApiOperation({
    summary: 'An uploaded file: Range (206/416), HEAD, ETag/If-None-Match (304), cached for a year. The path is the imageUrl/videoUrl an item carries.',
  })
  async serve(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const key = mediaKeyFromPath(pathOf(req));
    if (!key) throw new AppError('invalid', "That is not a valid media path: it may not contain '..', '.', empty or over-long segments.");
    // Manuscripts share the bucket but are private: only the admin download route serves them.
    const info = key.startsWith(`${MANUSCRIPT_PREFIX}/`) ? undefined : await this.infos.stat(key);
    if (!info) throw new AppError('not_found', `No media at ${pathOf(req)}.`);

    await serveObject(req, res, this.copies, info, this.logger, { cacheControl: CACHE_FOREVER });
  }
}
