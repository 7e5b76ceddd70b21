import { MediaSubjects, type PodcastEpisode } from '@km/contracts/media';
import { allChunks, AppError, Public, RpcClient } from '@km/nest-kit';
import { Controller, Get, Inject, Logger, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { MediaCopies } from './media-copies';
import { etagMatches } from './media-request';
import { ObjectInfoCache } from './object-info-cache';
import { feedEpisodes, feedLastModified, renderPodcastFeed } from './podcast-feed';
import { PodcastFeedCache } from './podcast-feed-cache';
import { serveObject } from './serve-object';
import { visitorHash } from './visitor';
import { headerOf, pathOf } from '../http/raw-reply';

interface RenderedFeed {
  xml: string;
  etag: string;
  lastModified: Date | undefined;
}

/** Podcast apps poll often; five minutes keeps a new episode quick to show while sparing the service. */
const FEED_CACHE = 'public, max-age=300';
/** Every enclosure request must reach us to be counted, so shared caches keep none. */
const ENCLOSURE_CACHE = 'private, max-age=0, must-revalidate';
const ENCLOSURE_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(mp3|m4a|mp4|mov|wav|webm)$/;

/** The counting address of an episode's media, as the feed's enclosure lists it. */
export const enclosurePath = (episode: PodcastEpisode) => `/feeds/episodes/${episode.id}.${(episode.feedMedia?.url ?? episode.videoUrl).split('.').pop()}`;

@ApiTags('podcast')
@Controller('feeds')
export class PodcastFeedController {
  private readonly logger = new Logger('PodcastFeed');

  constructor(
    private readonly rpc: RpcClient,
    private readonly copies: MediaCopies,
    private readonly infos: ObjectInfoCache,
    private readonly feedCache: PodcastFeedCache,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('podcast.xml')
  @Public()
  @ApiOperation({ summary: 'The podcast as RSS 2.0 for Apple Podcasts and PSP-1 apps; ETag/Last-Modified answer 304, HEAD works.' })
  async feed(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const { xml, etag, lastModified } = (await this.feedCache.get(() => this.render())) as RenderedFeed;

    res.header('ETag', etag);
    if (lastModified) res.header('Last-Modified', lastModified.toUTCString());
    res.header('Cache-Control', FEED_CACHE);
    res.header('X-Content-Type-Options', 'nosniff');
    if (notModified(req, etag, lastModified)) {
      await res.status(304).send();
      return;
    }
    await res.status(200).type('application/rss+xml; charset=utf-8').send(xml);
  }

  @Get('episodes/:file')
  @Public()
  @ApiOperation({
    summary:
      'An episode’s media as the feed’s enclosure: Range (206/416) and HEAD like /media, and a download counted the IAB way (a minute’s worth of bytes, once per address + user agent per 24 hours).',
  })
  @ApiParam({ name: 'file', example: '3f0c…-….mp3' })
  async enclosure(@Param('file') file: string, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const match = ENCLOSURE_FILE.exec(file);
    if (!match) throw new AppError('not_found', `No episode media at ${pathOf(req)}.`);
    const episode = await this.rpc.send(MediaSubjects.episodesGet, { id: match[1] });
    // The feed's file (the original, or the rendition of a WAV/WEBM) or the original itself, by extension.
    const key = [episode.feedMedia?.url, episode.videoUrl].find((url) => url?.endsWith(`.${match[2]}`))?.slice(1);
    const info = key ? await this.infos.stat(key) : undefined;
    if (!info) throw new AppError('not_found', `No episode media at ${pathOf(req)}.`);
    // The user agent also goes to media, which names the listening app from it and stores only that (ADR 0071).
    const userAgent = headerOf(req, 'user-agent');
    const visitor = visitorHash(this.config.visitorHashKey, req.ip, userAgent);
    await serveObject(req, res, this.copies, info, this.logger, {
      cacheControl: ENCLOSURE_CACHE,
      onDelivered: (start, bytes) => {
        if (bytes === 0) return;
        // After the response: counting must never hold up or fail the download itself.
        this.rpc
          .send(MediaSubjects.episodesDownload, { id: episode.id, visitor, start, bytes, userAgent: userAgent?.slice(0, 512) })
          .catch((error) => this.logger.warn(`could not record a download of episode ${episode.id}: ${String(error)}`));
      },
    });
  }

  private async render(): Promise<RenderedFeed> {
    const [channel, episodes] = await Promise.all([this.rpc.send(MediaSubjects.feedChannel, {}), this.allEpisodes()]);
    const listed = feedEpisodes(episodes);
    const origin = this.config.publicOrigin;
    const xml = renderPodcastFeed(channel, listed, { origin, enclosureUrl: (e) => `${origin}${enclosurePath(e)}`, hosts: this.config.podcast.hosts });
    const etag = `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`;
    return { xml, etag, lastModified: feedLastModified(listed) };
  }

  /** Every episode, latest first, chunk by chunk (each reply under the bus limit). */
  private allEpisodes(): Promise<PodcastEpisode[]> {
    return allChunks((after) => this.rpc.send(MediaSubjects.episodesListChunk, { sort: 'latest', after }));
  }
}

/** RFC 9110 §13.1: If-None-Match decides when present; otherwise If-Modified-Since, to the second. */
function notModified(req: FastifyRequest, etag: string, lastModified: Date | undefined): boolean {
  const ifNoneMatch = headerOf(req, 'if-none-match');
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const since = Date.parse(headerOf(req, 'if-modified-since') ?? '');
  return lastModified !== undefined && !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}
