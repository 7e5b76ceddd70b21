import { renditionKey } from '@km/contracts';
import { EPISODE_MEDIA_PREFIX, EPISODE_THUMBNAIL_PREFIX, MediaEvents } from '@km/contracts/media';
import { commitWithEvents, OutboxRelayRunner, SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { ObjectStorage, storeRenditions } from '@km/nest-kit/storage';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { MediaConfig } from '../config';
import { EpisodeEntity } from '../episodes/episode.entity';
import { readMediaDuration } from '../episodes/media-duration';
import { DEMO_EPISODES } from './demo-episodes';

/** services/media/demo, beside dist/ (the image copies it next to the build). */
export const DEMO_DIR = path.join(__dirname, '..', '..', '..', 'demo');
/** Any constant works; it only has to be the same for every replica of the media service. */
const SEED_LOCK = 0x6b6d_6d65;

/**
 * With SEED_DEMO=true, fills an empty podcast with a few short demo episodes, audio and video, so the page, the
 * players and the list work on a fresh machine. Replicas starting together take an advisory lock: one seeds.
 */
@Injectable()
export class DemoSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly outbox: OutboxRelayRunner,
    @Inject(SERVICE_CONFIG) private readonly config: MediaConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.seedDemo) return;
    const seeded = await this.seedIfEmpty();
    if (seeded > 0) this.logger.info({ episodes: seeded }, 'seeded the demo podcast');
  }

  /** Returns how many episodes it added: 0 when the podcast already had any. */
  async seedIfEmpty(): Promise<number> {
    const stored: string[] = [];
    try {
      return await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
        await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
        if ((await manager.count(EpisodeEntity)) > 0) return 0;
        const now = Date.now();
        let i = 0;
        for (const demo of DEMO_EPISODES) {
          const bytes = await readFile(path.join(DEMO_DIR, demo.media.file));
          const mediaKey = `${EPISODE_MEDIA_PREFIX}/${randomUUID()}.${demo.media.ext}`;
          await this.storage.put(mediaKey, bytes, demo.media.contentType);
          stored.push(mediaKey);
          let thumbnailKey: string | null = null;
          let thumbnailWidths: number[] = [];
          if (demo.thumbnail) {
            thumbnailKey = `${EPISODE_THUMBNAIL_PREFIX}/${randomUUID()}.jpg`;
            const picture = await readFile(path.join(DEMO_DIR, demo.thumbnail));
            await this.storage.put(thumbnailKey, picture, 'image/jpeg');
            stored.push(thumbnailKey);
            // Sized copies, as an upload gets them.
            thumbnailWidths = await storeRenditions(this.storage, thumbnailKey, 'thumbnail', picture);
            stored.push(...thumbnailWidths.map((width) => renditionKey(thumbnailKey!, width)));
          }
          const at = new Date(now - (DEMO_EPISODES.length - i++) * 3_600_000);
          const row = await manager.save(
            manager.create(EpisodeEntity, {
              title: demo.title,
              episodeNumber: demo.episodeNumber,
              description: demo.description,
              mediaType: demo.mediaType,
              mediaKey,
              mediaSize: bytes.length,
              mediaContentType: demo.media.contentType,
              thumbnailKey,
              thumbnailWidths,
              tags: demo.tags,
              duration: (await readMediaDuration(this.storage, mediaKey, bytes.length, demo.media.contentType)) ?? 0,
              createdAt: at,
              updatedAt: at,
            }),
          );
          await record(MediaEvents.episodePublished, { episodeId: row.id, episodeNumber: row.episodeNumber });
        }
        return DEMO_EPISODES.length;
      });
    } catch (error) {
      await Promise.all(stored.map((key) => this.storage.delete(key).catch(() => undefined)));
      throw error;
    }
  }
}
