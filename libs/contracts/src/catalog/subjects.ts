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

export type ItemKind = 'product' | 'service';
