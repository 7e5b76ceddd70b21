import { CATALOG_IMAGE_PREFIX, CatalogEvents, renditionKey } from '@km/contracts';
import { commitWithEvents, OutboxRelayRunner, SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { ObjectStorage, storeRenditions } from '@km/nest-kit/storage';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { CatalogConfig } from '../config';
import { slugOf } from '../items/slug';
import { CatalogItem } from '../items/catalog-item.entity';
import { renderDemoImage } from './demo-image';
import { DEMO_ITEMS } from './demo-items';

/** Any constant works; it only has to be the same for every replica of the catalog. */
const SEED_LOCK = 0x6b6d_6361;
const RENDER_AT_ONCE = 4;

/**
 * With SEED_DEMO=true, fills an empty catalog with demo products and services, each with a generated image in
 * object storage. Replicas starting together take a transaction-scoped advisory lock, so exactly one seeds and the
 * others then find the table filled.
 */
@Injectable()
export class DemoSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly outbox: OutboxRelayRunner,
    @Inject(SERVICE_CONFIG) private readonly config: CatalogConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.seedDemo) return;
    const seeded = await this.seedIfEmpty();
    if (seeded > 0) this.logger.info({ items: seeded }, 'seeded the demo catalog');
  }

  /** Returns how many items it added: 0 when the catalog already had any. */
  async seedIfEmpty(): Promise<number> {
    const stored: string[] = [];
    try {
      const added = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
        await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
        if ((await manager.count(CatalogItem)) > 0) return 0;
        const images = await this.storeImages(stored);
        const now = Date.now();
        // Newest first, an hour apart, so "Newest" and the featured product are what the list says.
        const rows = DEMO_ITEMS.map((item, i) =>
          manager.create(CatalogItem, {
            ...item,
            slug: slugOf(item.name),
            inStock: item.inStock ?? true,
            featured: item.featured ?? false,
            imageKey: images[i].key,
            imageWidths: images[i].widths,
            createdAt: new Date(now - i * 3_600_000),
            updatedAt: new Date(now - i * 3_600_000),
          }),
        );
        await manager.save(rows);
        for (const row of rows) await record(CatalogEvents.itemCreated, { itemId: row.id, kind: row.kind });
        return rows.length;
      });
      return added;
    } catch (error) {
      await Promise.all(stored.map((key) => this.storage.delete(key).catch(() => undefined)));
      throw error;
    }
  }

  /**
   * Renders and stores every demo image with its sized copies (as an upload gets them), a few at a time; `stored`
   * collects keys for clean-up on failure.
   */
  private async storeImages(stored: string[]): Promise<{ key: string; widths: number[] }[]> {
    const images: { key: string; widths: number[] }[] = new Array(DEMO_ITEMS.length);
    for (let start = 0; start < DEMO_ITEMS.length; start += RENDER_AT_ONCE) {
      await Promise.all(
        DEMO_ITEMS.slice(start, start + RENDER_AT_ONCE).map(async (item, offset) => {
          const key = `${CATALOG_IMAGE_PREFIX}/${randomUUID()}.webp`;
          const picture = await renderDemoImage(item.name, item.category);
          await this.storage.put(key, picture, 'image/webp');
          stored.push(key);
          const widths = await storeRenditions(this.storage, key, 'image', picture);
          stored.push(...widths.map((width) => renditionKey(key, width)));
          images[start + offset] = { key, widths };
        }),
      );
    }
    return images;
  }
}
