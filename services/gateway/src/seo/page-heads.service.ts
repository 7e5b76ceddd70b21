import { SITE_NAME } from '@km/contracts';
import { MediaSubjects } from '@km/contracts/media';
import type { PodcastEpisode } from '@km/contracts/media';
import { AppError, RpcClient } from '@km/nest-kit';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { CatalogReadModelService } from '../catalog/catalog-read-model.service';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { headFor, type HeadOutcome, type SiteFacts } from './page-head';

/** The podcast's name and artwork change rarely; a minute old is fine for a page's head. */
const PODCAST_TTL_MS = 60_000;
const PODCAST_FALLBACK = {
  title: `${SITE_NAME} Podcast`,
  description: 'Conversations on faith, purpose, business and community.',
  imageUrl: '/podcast-cover.jpg',
};

/** The head of every page the gateway serves (ADR 0044): from the page list, this replica's catalog copy and the podcast's channel. */
@Injectable()
export class PageHeads {
  private readonly logger = new Logger('PageHeads');
  private readonly podcast = new LRUCache<'channel', SiteFacts['podcast']>({
    max: 1,
    ttl: PODCAST_TTL_MS,
    fetchMethod: async () => {
      try {
        const channel = await this.rpc.send(MediaSubjects.feedChannel, {});
        return { title: channel.title, description: channel.description, imageUrl: channel.imageUrl };
      } catch (error) {
        this.logger.warn(`the podcast's channel could not be read for a page head; using the site's defaults: ${String(error)}`);
        return PODCAST_FALLBACK;
      }
    },
  });

  constructor(
    private readonly rpc: RpcClient,
    private readonly catalog: CatalogReadModelService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async of(path: string): Promise<HeadOutcome> {
    const site: SiteFacts = {
      origin: this.config.publicOrigin,
      sameAs: this.config.socialProfiles,
      podcast: path === '/podcast' || path.startsWith('/podcast/') ? ((await this.podcast.fetch('channel')) ?? PODCAST_FALLBACK) : PODCAST_FALLBACK,
    };
    return headFor(
      path,
      site,
      (kind, idOrSlug) => this.catalog.find(kind, idOrSlug),
      (episodeNumber) => this.episode(episodeNumber),
    );
  }

  /** An episode for its page's head; undefined when no episode has the number (the page is then a 404). */
  private async episode(episodeNumber: number): Promise<PodcastEpisode | undefined> {
    try {
      return await this.rpc.send(MediaSubjects.episodesByNumber, { episodeNumber });
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return undefined;
      throw error;
    }
  }
}
