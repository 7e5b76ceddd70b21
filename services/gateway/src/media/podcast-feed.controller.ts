import { MediaSubjects, type PodcastEpisode } from '@km/contracts/media';
import { RpcClient } from '@km/nest-kit';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { etagMatches } from './media-request';
import { feedEpisodes, feedLastModified, renderPodcastFeed } from './podcast-feed';

/** Podcast apps poll often; five minutes keeps a new episode quick to show while sparing the service. */
const FEED_CACHE = 'public, max-age=300';

@ApiTags('podcast')
@Controller('feeds')
export class PodcastFeedController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('podcast.xml')
  @ApiOperation({ summary: 'The podcast as RSS 2.0 for Apple Podcasts and PSP-1 apps; ETag/Last-Modified answer 304, HEAD works.' })
  async feed(@Req() req: Request, @Res() res: Response): Promise<void> {
    const [channel, episodes] = await Promise.all([this.rpc.send(MediaSubjects.feedChannel, {}), this.allEpisodes()]);
    const listed = feedEpisodes(episodes);
    const origin = this.config.publicOrigin;
    const xml = renderPodcastFeed(channel, listed, { origin, enclosureUrl: (e) => `${origin}${e.videoUrl}` });
    const etag = `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`;
    const lastModified = feedLastModified(listed);

    res.setHeader('ETag', etag);
    if (lastModified) res.setHeader('Last-Modified', lastModified.toUTCString());
    res.setHeader('Cache-Control', FEED_CACHE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (notModified(req, etag, lastModified)) {
      res.status(304).end();
      return;
    }
    res.status(200).type('application/rss+xml; charset=utf-8').send(xml);
  }

  /** Every episode, latest first, chunk by chunk (each reply under the bus limit). */
  private async allEpisodes(): Promise<PodcastEpisode[]> {
    const episodes: PodcastEpisode[] = [];
    let after: string | undefined;
    do {
      const chunk = await this.rpc.send(MediaSubjects.episodesListChunk, { sort: 'latest', after });
      episodes.push(...chunk.items);
      after = chunk.next ?? undefined;
    } while (after);
    return episodes;
  }
}

/** RFC 9110 §13.1: If-None-Match decides when present; otherwise If-Modified-Since, to the second. */
function notModified(req: Request, etag: string, lastModified: Date | undefined): boolean {
  const ifNoneMatch = req.header('if-none-match');
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const since = Date.parse(req.header('if-modified-since') ?? '');
  return lastModified !== undefined && !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}
