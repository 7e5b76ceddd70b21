import { MediaSubjects } from '@km/contracts/media';
import { AppError, Public, RpcClient } from '@km/nest-kit';
import { Controller, Get, Inject, Logger, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { CatalogReadModelService } from '../catalog/catalog-read-model.service';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { renderRobots, renderSitemapIndex, renderUrlSet, sitemapFiles, type SitemapEpisode, type SitemapFile } from './sitemap';

/** Crawlers come back rarely; an hour is what they keep it anyway. The body itself is made again at most every 10 s. */
const CACHE_CONTROL = 'public, max-age=3600';
const RENDER_TTL_MS = 10_000;

interface Rendered {
  body: string;
  etag: string;
}

/** robots.txt and the sitemap, made from this replica's copy of the catalog (ADR 0019). */
@ApiTags('site')
@Controller()
export class SeoController {
  /** The sitemap's files, made from the catalog copy at most once per 10 s, shared by concurrent requests. */
  private readonly files = new LRUCache<'files', SitemapFile[]>({
    max: 1,
    ttl: RENDER_TTL_MS,
    fetchMethod: async () => sitemapFiles(this.config.publicOrigin, (kind) => this.catalog.all(kind), await this.episodes()),
  });
  private readonly rendered = new LRUCache<string, Rendered>({ max: 200, ttl: RENDER_TTL_MS });

  private readonly logger = new Logger('Sitemap');

  constructor(
    private readonly catalog: CatalogReadModelService,
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('robots.txt')
  @Public()
  @ApiOperation({ summary: 'robots.txt: the private pages crawlers leave alone, and the sitemap.' })
  robots(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    return send(
      req,
      res,
      'text/plain; charset=utf-8',
      this.render('robots', () => renderRobots(this.config.publicOrigin)),
    );
  }

  @Get('sitemap.xml')
  @Public()
  @ApiOperation({ summary: 'The sitemap index: pages, products, services and podcast episodes, each file at most 50,000 URLs.' })
  async sitemap(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const files = await this.sitemapFiles();
    return send(
      req,
      res,
      'application/xml; charset=utf-8',
      this.render('index', () => renderSitemapIndex(this.config.publicOrigin, files)),
    );
  }

  @Get('sitemaps/:file')
  @Public()
  @ApiOperation({ summary: 'One file of the sitemap (pages.xml, products-1.xml, services-1.xml, …).' })
  @ApiParam({ name: 'file', example: 'products-1.xml' })
  async sitemapFile(@Param('file') name: string, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const file = (await this.sitemapFiles()).find((f) => f.name === name);
    if (!file) throw new AppError('not_found', `The sitemap has no file ${name}; /sitemap.xml lists them.`);
    return send(
      req,
      res,
      'application/xml; charset=utf-8',
      this.render(`file:${name}`, () => renderUrlSet(file)),
    );
  }

  private async sitemapFiles(): Promise<SitemapFile[]> {
    if (!this.catalog.isReady) throw new AppError('unavailable', 'The sitemap is being prepared; try again in a minute.');
    return (await this.files.fetch('files'))!;
  }

  /** Every episode, chunk by chunk (ADR 0011). When the media service does not answer, the sitemap lists the rest. */
  private async episodes(): Promise<SitemapEpisode[]> {
    const episodes: SitemapEpisode[] = [];
    try {
      let after: string | undefined;
      do {
        const chunk = await this.rpc.send(MediaSubjects.episodesListChunk, { sort: 'oldest', after });
        episodes.push(...chunk.items.map(({ episodeNumber, title, updatedAt }) => ({ episodeNumber, title, updatedAt })));
        after = chunk.next ?? undefined;
      } while (after);
    } catch (error) {
      this.logger.warn(`the sitemap leaves out the episodes this time: the media service did not list them: ${String(error)}`);
      return [];
    }
    return episodes;
  }

  private render(key: string, make: () => string): Rendered {
    let rendered = this.rendered.get(key);
    if (!rendered) {
      const body = make();
      rendered = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      this.rendered.set(key, rendered);
    }
    return rendered;
  }
}

async function send(req: FastifyRequest, res: FastifyReply, type: string, { body, etag }: Rendered): Promise<void> {
  res.header('ETag', etag).header('Cache-Control', CACHE_CONTROL).header('X-Content-Type-Options', 'nosniff');
  if (req.headers['if-none-match'] === etag) return void (await res.status(304).send());
  await res.status(200).type(type).send(body);
}
