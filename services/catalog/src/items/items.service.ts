import {
  CatalogEvents,
  DEFAULT_PAGE_SIZE,
  type CatalogItem as CatalogItemDto,
  type CatalogChunk,
  type CatalogPage,
  type CreateItemRequest,
  type DeletedItem,
  type ItemData,
  type ItemKind,
  type ItemRef,
  LIST_CHUNK_MAX_BYTES,
  LIST_CHUNK_MAX_ITEMS,
  type ListChunkRequest,
  type ListItemsRequest,
  type UpdateItemRequest,
} from '@km/contracts/catalog';
import { categoriesFor } from '@km/contracts/vocabulary';
import { AppError, commitWithEvents, ConflictError, invalidFields, NotFoundError, OutboxRelayRunner, SERVICE_LOGGER } from '@km/nest-kit';
import { deleteRenditions, ObjectStorage, storeRenditions } from '@km/nest-kit/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { uniqueSlug, slugOf } from './slug';
import { CatalogItem, rowToDto, SELECT_COLUMNS, toCatalogItemDto, type CatalogItemRow } from './catalog-item.entity';
import { likePattern, ORDER_BY } from './list-order';
import { canonicalPrice } from './price';
import { manualChange } from '../stock/stock-rules';
import { StockService } from '../stock/stock.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class ItemsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
    private readonly storage: ObjectStorage,
    private readonly stock: StockService,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /** Plain SQL: the store's hottest query, a count and one page, run side by side. */
  async list(request: ListItemsRequest): Promise<CatalogPage> {
    const { kind, q, category, sort = 'featured' } = request;
    if (category) assertCategory(kind, category, 'category');
    const params: unknown[] = [kind];
    const where = ['kind = $1'];
    if (category) where.push(`category = $${params.push(category)}`);
    if (q) where.push(`(name ILIKE $${params.push(likePattern(q))} OR description ILIKE $${params.length})`);
    const from = `FROM catalog_items WHERE ${where.join(' AND ')}`;
    const select = `SELECT ${SELECT_COLUMNS} ${from} ORDER BY ${ORDER_BY[sort]}`;
    const page = request.page ?? 1;
    const pageSize = request.pageSize ?? DEFAULT_PAGE_SIZE;
    const [counted, rows] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS total ${from}`, params) as Promise<{ total: number }[]>,
      this.dataSource.query(`${select} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, pageSize, (page - 1) * pageSize]) as Promise<
        CatalogItemRow[]
      >,
    ]);
    return { items: rows.map(rowToDto), total: counted[0].total, page, pageSize };
  }

  /**
   * One chunk of the plain list (spec §7), in the store's default order (featured, newest, id), keyset-paged so
   * that chunk n costs the same as chunk 1 and an item added or removed meanwhile neither repeats nor skips another.
   * A chunk stops before its JSON would pass LIST_CHUNK_MAX_BYTES, so it always fits in one NATS reply.
   */
  async listChunk({ kind, after }: ListChunkRequest): Promise<CatalogChunk> {
    const params: unknown[] = [kind, LIST_CHUNK_MAX_ITEMS];
    let where = 'kind = $1';
    if (after) {
      const [featured, createdAt, id] = after.split('|');
      // created_at travels as Postgres's own text so the microseconds a JS Date would drop survive the round trip.
      where += ` AND (featured, created_at, id) < ($3::boolean, $4::timestamptz, $5::uuid)`;
      params.push(featured === '1', createdAt, id);
    }
    const rows: (CatalogItemRow & { cursor_at: string })[] = await this.dataSource.query(
      `SELECT ${SELECT_COLUMNS}, created_at::text AS cursor_at FROM catalog_items WHERE ${where} ORDER BY ${ORDER_BY.featured} LIMIT $2`,
      params,
    );
    const items: CatalogItemDto[] = [];
    let bytes = 2;
    for (const row of rows) {
      const item = rowToDto(row);
      bytes += Buffer.byteLength(JSON.stringify(item)) + 1;
      if (bytes > LIST_CHUNK_MAX_BYTES && items.length > 0) break;
      items.push(item);
    }
    const last = rows[items.length - 1];
    const more = items.length < rows.length || rows.length === LIST_CHUNK_MAX_ITEMS;
    return { items, next: more && last ? `${last.featured ? 1 : 0}|${last.cursor_at}|${last.id}` : null };
  }

  async get({ kind, id }: ItemRef): Promise<CatalogItemDto> {
    return toCatalogItemDto(await this.find(this.dataSource.manager, kind, id));
  }

  /**
   * Items by id in the order asked, whatever their kind; ids that match nothing are left out. Plain SQL: orders prices
   * every checkout with it twice, and TypeORM's query builder was a fifth of the catalog's CPU there (bench/checkout.ts).
   */
  async getMany(ids: string[]): Promise<CatalogItemDto[]> {
    const wanted = ids.filter((id) => UUID.test(id));
    if (wanted.length === 0) return [];
    const rows: CatalogItemRow[] = await this.dataSource.query(`SELECT ${SELECT_COLUMNS} FROM catalog_items WHERE id = ANY($1::uuid[])`, [wanted]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return wanted.flatMap((id) => (byId.has(id) ? [rowToDto(byId.get(id)!)] : []));
  }

  /** ARCHITECTURE §10: the featured product is the newest one marked featured. */
  async featured(kind: ItemKind): Promise<CatalogItemDto> {
    const row = await this.dataSource
      .getRepository(CatalogItem)
      .createQueryBuilder('i')
      .where('i.kind = :kind AND i.featured', { kind })
      .orderBy('i.createdAt', 'DESC')
      .addOrderBy('i.id', 'DESC')
      .limit(1)
      .getOne();
    if (!row) throw new AppError('not_found', `No ${kind} is featured yet.`);
    return toCatalogItemDto(row);
  }

  async create({ kind, item, imageKey, actor }: CreateItemRequest): Promise<CatalogItemDto> {
    assertCategory(kind, item.category, 'category');
    const stockQuantity = item.stockQuantity ?? null;
    // ADR 0021: the sized copies exist before the row that lists them, so no answer ever names a missing one.
    const imageWidths = await storeRenditions(this.storage, imageKey, 'image');
    try {
      const created = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
        const slug = await uniqueSlug(manager, kind, item.name);
        const row = await manager.save(manager.create(CatalogItem, { kind, ...columns(item), slug, stockQuantity, imageKey, imageWidths }));
        if (stockQuantity !== null) {
          await this.stock.recordMovement(manager, row.id, 'tracking_started', stockQuantity, stockQuantity, actor ?? null, null);
          await this.stock.alert(manager, [{ productId: row.id, before: null, after: stockQuantity }]);
        }
        await record(CatalogEvents.itemCreated, { itemId: row.id, kind });
        return row;
      });
      return toCatalogItemDto(created);
    } catch (error) {
      await this.deleteRenditions(imageKey, imageWidths);
      throw error;
    }
  }

  /** A new image replaces the old one, whose object is deleted only once the change has committed. */
  async update({ kind, id, item, imageKey, actor }: UpdateItemRequest): Promise<CatalogItemDto> {
    assertCategory(kind, item.category, 'category');
    const newWidths = imageKey ? await storeRenditions(this.storage, imageKey, 'image') : null;
    let outcome: { row: CatalogItem; replaced: { key: string; widths: number[] } | null };
    try {
      outcome = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
        const current = await this.find(manager, kind, id, true);
        const replaced = imageKey && current.imageKey && current.imageKey !== imageKey ? { key: current.imageKey, widths: current.imageWidths } : null;
        const image = imageKey && newWidths ? { imageKey, imageWidths: newWidths } : {};
        const before = current.stockQuantity;
        const stockQuantity = this.stockAfterEdit(before, item);
        manager.merge(CatalogItem, current, { ...columns(item), ...image, stockQuantity });
        const row = await manager.save(current);
        if (stockQuantity !== before) {
          const reason = before === null ? 'tracking_started' : stockQuantity === null ? 'tracking_stopped' : 'manual';
          await this.stock.recordMovement(manager, row.id, reason, (stockQuantity ?? 0) - (before ?? 0), stockQuantity, actor ?? null, null);
          await this.stock.alert(manager, [{ productId: row.id, before, after: stockQuantity }]);
        }
        await record(CatalogEvents.itemUpdated, { itemId: row.id, kind });
        return { row, replaced };
      });
    } catch (error) {
      if (imageKey && newWidths) await this.deleteRenditions(imageKey, newWidths);
      throw error;
    }
    const { row, replaced } = outcome;
    if (replaced) {
      await this.deleteObject(replaced.key);
      await this.deleteRenditions(replaced.key, replaced.widths);
    }
    return toCatalogItemDto(row);
  }

  async delete({ kind, id }: ItemRef): Promise<DeletedItem> {
    const { imageKey, imageWidths } = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
      const current = await this.find(manager, kind, id, true);
      await manager.delete(CatalogItem, { id: current.id });
      await record(CatalogEvents.itemDeleted, { itemId: current.id, kind });
      return { imageKey: current.imageKey, imageWidths: current.imageWidths };
    });
    if (imageKey) {
      await this.deleteObject(imageKey);
      await this.deleteRenditions(imageKey, imageWidths);
    }
    return { id, kind };
  }

  /** The count an admin's save leaves, decided under the row's lock (ADR 0032). */
  private stockAfterEdit(current: number | null, item: ItemData): number | null {
    const change = manualChange(current, item.stockQuantity, item.stockQuantityWas);
    if (!change) return current;
    if ('set' in change) return change.set;
    const after = current! + change.delta;
    if (after < 0) {
      throw new ConflictError(
        'stock_changed',
        `Only ${current} ${current === 1 ? 'unit is' : 'units are'} available now: some sold while the form was open, so taking away ${-change.delta} would go below zero. Reload the product and enter the count again.`,
      );
    }
    return after;
  }

  private async find(manager: EntityManager, kind: ItemKind, id: string, forUpdate = false): Promise<CatalogItem> {
    const missing = new NotFoundError(kind, id);
    // An id, or the item's slug (the address of its page).
    const by = UUID.test(id) ? 'i.id = :id' : 'i.slug = :id';
    if (!UUID.test(id) && id !== slugOf(id)) throw missing;
    const query = manager.getRepository(CatalogItem).createQueryBuilder('i').where(`${by} AND i.kind = :kind`, { id, kind });
    if (forUpdate) query.setLock('pessimistic_write');
    const row = await query.getOne();
    if (!row) throw missing;
    return row;
  }

  /** The row no longer points at the object, so a failure here only leaves an unused object behind. */
  private async deleteObject(key: string) {
    await this.storage.delete(key).catch((error) => this.logger.warn({ err: error, key }, 'could not delete a replaced image; it is no longer used'));
  }

  /** Same: no row lists these copies any more. */
  private async deleteRenditions(key: string, widths: readonly number[]) {
    await deleteRenditions(this.storage, key, widths).catch((error) =>
      this.logger.warn({ err: error, key }, 'could not delete the renditions of an image that is no longer used'),
    );
  }
}

function assertCategory(kind: ItemKind, category: string, field: string) {
  const allowed = categoriesFor(kind);
  if (allowed.includes(category)) return;
  throw invalidFields([{ field, message: `${field} must be one of ${allowed.join(', ')}` }]);
}

const columns = (item: ItemData) => ({
  name: item.name,
  price: canonicalPrice(item.price),
  description: item.description,
  category: item.category,
  tags: item.tags,
  inStock: item.inStock,
  featured: item.featured,
});
