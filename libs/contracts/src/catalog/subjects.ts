import type { z } from 'zod';
import type { createItemSchema, featuredItemSchema, getManyItemsSchema, itemRefSchema, listChunkSchema, listItemsSchema, updateItemSchema } from './schemas';
import type { CatalogChunk, CatalogItem, CatalogPage, DeletedItem } from './types';

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
}

export const CatalogEvents = {
  itemCreated: 'catalog.item.created',
  itemUpdated: 'catalog.item.updated',
  itemDeleted: 'catalog.item.deleted',
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
}

export type ItemKind = 'product' | 'service';
