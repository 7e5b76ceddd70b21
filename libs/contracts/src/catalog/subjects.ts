import type { z } from 'zod';
import type {
  createItemSchema,
  featuredItemSchema,
  getManyItemsSchema,
  itemRefSchema,
  listChunkSchema,
  listItemsSchema,
  releaseStockSchema,
  reserveStockSchema,
  stockMovementsSchema,
  updateItemSchema,
} from './schemas';
import type { CatalogChunk, CatalogItem, CatalogPage, DeletedItem, StockMovementsPage, StockReleased, StockReservation } from './types';

/**
 * Request/reply subjects of the catalog service.
 * - list: ListItemsRequest → CatalogPage
 * - listChunk: ListChunkRequest → CatalogChunk (the plain list, featured first then newest, in replies under the bus limit)
 * - get: ItemRef → CatalogItem (not_found for an unknown or malformed id, or another kind's id)
 * - getMany: {ids} → CatalogItem[] in the order asked, unknown ids left out
 * - featured: {kind} → the newest featured CatalogItem (not_found when none)
 * - create: CreateItemRequest → CatalogItem
 * - update: UpdateItemRequest → CatalogItem
 * - delete: ItemRef → DeletedItem
 * - reserveStock: ReserveStockRequest → StockReservation (conflict `out_of_stock` naming the product and what is left; ADR 0032)
 * - releaseStock: ReleaseStockRequest → StockReleased (what an unpaid intent held goes back; a no-op when nothing is held)
 * - stockMovements: StockMovementsRequest → StockMovementsPage (admin; the gateway checks the role)
 */
export const CatalogSubjects = {
  list: 'catalog.items.list',
  listChunk: 'catalog.items.list-chunk',
  get: 'catalog.items.get',
  getMany: 'catalog.items.get-many',
  featured: 'catalog.items.featured',
  create: 'catalog.items.create',
  update: 'catalog.items.update',
  delete: 'catalog.items.delete',
  reserveStock: 'catalog.stock.reserve',
  releaseStock: 'catalog.stock.release',
  stockMovements: 'catalog.stock.movements',
} as const;

/** What each catalog subject takes and answers; `RpcClient.send` reads its types from here. */
export interface CatalogSubjectMap {
  [CatalogSubjects.list]: { payload: z.input<typeof listItemsSchema>; result: CatalogPage };
  [CatalogSubjects.listChunk]: { payload: z.input<typeof listChunkSchema>; result: CatalogChunk };
  [CatalogSubjects.get]: { payload: z.input<typeof itemRefSchema>; result: CatalogItem };
  [CatalogSubjects.getMany]: { payload: z.input<typeof getManyItemsSchema>; result: CatalogItem[] };
  [CatalogSubjects.featured]: { payload: z.input<typeof featuredItemSchema>; result: CatalogItem };
  [CatalogSubjects.create]: { payload: z.input<typeof createItemSchema>; result: CatalogItem };
  [CatalogSubjects.update]: { payload: z.input<typeof updateItemSchema>; result: CatalogItem };
  [CatalogSubjects.delete]: { payload: z.input<typeof itemRefSchema>; result: DeletedItem };
  [CatalogSubjects.reserveStock]: { payload: z.input<typeof reserveStockSchema>; result: StockReservation };
  [CatalogSubjects.releaseStock]: { payload: z.input<typeof releaseStockSchema>; result: StockReleased };
  [CatalogSubjects.stockMovements]: { payload: z.input<typeof stockMovementsSchema>; result: StockMovementsPage };
}

export const CatalogEvents = {
  itemCreated: 'catalog.item.created',
  itemUpdated: 'catalog.item.updated',
  itemDeleted: 'catalog.item.deleted',
  /**
   * A product's available stock changed (a reservation, a release, a sale, a restock): the store's copies refresh it.
   * Orders' price copy does not follow it: a tracked product's stock is decided by the reservation (ADR 0032).
   */
  itemStockChanged: 'catalog.item.stock-changed',
} as const;

/** Events carry ids and the few values a consumer needs. */
export interface CatalogItemEvent {
  itemId: string;
  kind: ItemKind;
}

/** What each catalog event carries. */
export interface CatalogEventMap {
  [CatalogEvents.itemCreated]: CatalogItemEvent;
  [CatalogEvents.itemUpdated]: CatalogItemEvent;
  [CatalogEvents.itemDeleted]: CatalogItemEvent;
  [CatalogEvents.itemStockChanged]: CatalogItemEvent;
}

export type ItemKind = 'product' | 'service';
