import type { z } from 'zod';
import type {
  backInStockRequestSchema,
  backInStockUnsubscribeSchema,
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
import type {
  BackInStockAccepted,
  BackInStockUnsubscribed,
  CatalogChunk,
  CatalogItem,
  CatalogPage,
  DeletedItem,
  StockMovementsPage,
  StockReleased,
  StockReservation,
} from './types';

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
 * - backInStockSubscribe: BackInStockRequest → BackInStockAccepted (not_found for an unknown product; conflict while it
 *   is in stock or not tracked; the same answer whether or not the address already waits, ADR 0050)
 * - backInStockUnsubscribe: {token} → BackInStockUnsubscribed (email null when the token matches nothing: used or unknown)
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
  backInStockSubscribe: 'catalog.back-in-stock.subscribe',
  backInStockUnsubscribe: 'catalog.back-in-stock.unsubscribe',
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
  [CatalogSubjects.backInStockSubscribe]: { payload: z.input<typeof backInStockRequestSchema>; result: BackInStockAccepted };
  [CatalogSubjects.backInStockUnsubscribe]: { payload: z.input<typeof backInStockUnsubscribeSchema>; result: BackInStockUnsubscribed };
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

/**
 * The catalog's own stock mail (ADR 0050), apart from the item events every copy of the catalog follows: nothing to
 * refresh in a copy, only a mail to send.
 */
export const CatalogStockEvents = {
  /** A product's available count crossed down to the low-stock threshold (once per crossing): staff are mailed. */
  ranLow: 'catalog.stock.ran-low',
  /** A product's available count went from 0 to more: the addresses waiting for it are mailed. */
  cameBack: 'catalog.stock.came-back',
} as const;

/** Events carry ids and the few values a consumer needs. */
export interface CatalogItemEvent {
  itemId: string;
  kind: ItemKind;
}

/** The low-stock crossing: the product and what it had left when it crossed. */
export interface StockRanLowEvent {
  productId: string;
  quantity: number;
}

/** What each catalog event carries. */
export interface CatalogEventMap {
  [CatalogEvents.itemCreated]: CatalogItemEvent;
  [CatalogEvents.itemUpdated]: CatalogItemEvent;
  [CatalogEvents.itemDeleted]: CatalogItemEvent;
  [CatalogEvents.itemStockChanged]: CatalogItemEvent;
  [CatalogStockEvents.ranLow]: StockRanLowEvent;
  [CatalogStockEvents.cameBack]: { productId: string };
}

export type ItemKind = 'product' | 'service';
