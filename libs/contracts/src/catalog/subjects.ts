export const CatalogSubjects = {
  list: 'catalog.items.list',
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
