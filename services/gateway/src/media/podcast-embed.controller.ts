import { MediaSubjects } from '@km/contracts/media';
import { AppError, parseOrThrow, Public, RpcClient } from '@km/nest-kit';
import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { EMBED_CSP, embedSize, episodeNumberOfPageUrl, oembedResponse, renderEmbedPage } from './podcast-embed';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const pixels = (name: string) =>
  z
    .string()
    .regex(/^\d{1,5}$/, `${name} must be a whole number of pixels, e.g. 480`)
    .transform(Number)
    .refine((n) => n >= 1, `${name} must be at least 1`)
    .optional();

const oembedQuerySchema = z.object({
  url: z.string({ error: 'url is required: the address of an episode page, e.g. https://…/podcast/12-title' }).max(2048, 'url must be at most 2048 characters'),
  format: z.string().max(20).optional(),
  maxwidth: pixels('maxwidth'),
  maxheight: pixels('maxheight'),
});

/** The embed page is small and the same for everyone; a few minutes keeps a new title quick to show. */
const EMBED_CACHE = 'public, max-age=300';

/** A ministry's own site embeds an episode (ADR 0069): the player page other sites may frame, and oEmbed to find it. */
@ApiTags('podcast')
@Controller()
export class PodcastEmbedController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('embed/episodes/:id')
  @Public()
  @ApiOperation({ summary: 'An episode’s player page for iframes on other sites: the only address any site may frame (ADR 0069).' })
  @ApiParam({ name: 'id', example: '3f0c…' })
  async embed(@Param('id') id: string, @Res() res: FastifyReply): Promise<void> {
    if (!UUID.test(id)) throw new AppError('not_found', 'No episode has that address.');
    const episode = await this.rpc.send(MediaSubjects.episodesGet, { id });
    const html = renderEmbedPage(this.config.publicOrigin, episode);
    // The site-wide headers (security-headers.ts) forbid framing; this page alone replaces them (ADR 0069).
    res.raw.setHeader('Content-Security-Policy', EMBED_CSP);
    res.raw.removeHeader('X-Frame-Options');
    res.raw.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    await res.header('Cache-Control', EMBED_CACHE).type('text/html; charset=utf-8').send(html);
  }

  @Get('api/oembed')
  @Public()
  @ApiOperation({
    summary:
      'oEmbed 1.0 for an episode page (type rich: the embed iframe); 404 for an address that is not one of our episode pages, 501 for any format but json (ADR 0069).',
  })
  @ApiQuery({ name: 'url', required: true, description: 'An episode page, e.g. https://…/podcast/12-title.' })
  @ApiQuery({ name: 'format', required: false, description: 'json (the default); xml answers 501.' })
  @ApiQuery({ name: 'maxwidth', required: false, type: Number })
  @ApiQuery({ name: 'maxheight', required: false, type: Number })
  async oembed(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const asked = parseOrThrow(oembedQuerySchema, { url: query.url, format: query.format, maxwidth: query.maxwidth, maxheight: query.maxheight });
    if (asked.format !== undefined && asked.format !== 'json') {
      // oEmbed §2.3.5: a format the provider cannot give is 501 Not Implemented.
      res.status(501);
      return { statusCode: 501, code: 'not_implemented', message: `oEmbed answers only format=json, not ${JSON.stringify(asked.format)}.` };
    }
    const origin = this.config.publicOrigin;
    const episodeNumber = episodeNumberOfPageUrl(origin, asked.url);
    if (episodeNumber === undefined) throw new AppError('not_found', `Only our episode pages can be embedded: ${origin}/podcast/{number}-{title}.`);
    const episode = await this.rpc.send(MediaSubjects.episodesByNumber, { episodeNumber });
    return oembedResponse(origin, episode, embedSize(episode, asked));
  }
}
