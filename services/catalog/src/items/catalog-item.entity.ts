import type { CatalogItem as CatalogItemDto, ItemKind } from '@km/contracts/catalog';
import { renditionsOf } from '@km/contracts/common';
import { stockView } from '../stock/stock-rules';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A product or a service: one table, told apart by `kind` (ARCHITECTURE §1). */
@Entity({ name: 'catalog_items' })
export class CatalogItem {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  kind: ItemKind;

  @Column({ type: 'text' })
  name: string;

  /** The item's address name, unique per kind, given at creation and kept on renames (./slug.ts). */
  @Column({ type: 'text' })
  slug: string;

  /** numeric(12,2) comes back from Postgres as a two-decimal string, which is what the API sends. */
  @Column({ type: 'numeric', precision: 12, scale: 2 })
  price: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text' })
  category: string;

  @Column({ type: 'text', array: true, default: () => `'{}'` })
  tags: string[];

  /** `media/catalog/<uuid>.<ext>` in object storage; served at `/<imageKey>`. */
  @Column({ name: 'image_key', type: 'text', nullable: true })
  imageKey: string | null;

  /** Widths of the WEBP renditions beside the image (ADR 0021); empty for an image stored before they existed. */
  @Column({ name: 'image_widths', type: 'integer', array: true, default: () => `'{}'` })
  imageWidths: number[];

  @Column({ name: 'in_stock', type: 'boolean', default: true })
  inStock: boolean;

  @Column({ type: 'boolean', default: false })
  featured: boolean;

  /** Available to sell now; null when not tracked (ADR 0032). Changed only by the stock service's guarded statements. */
  @Column({ name: 'stock_quantity', type: 'integer', nullable: true })
  stockQuantity: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

export const toCatalogItemDto = (item: CatalogItem): CatalogItemDto => ({
  id: item.id,
  kind: item.kind,
  name: item.name,
  slug: item.slug,
  price: item.price,
  description: item.description,
  category: item.category,
  tags: item.tags,
  imageUrl: item.imageKey ? `/${item.imageKey}` : null,
  images: renditionsOf(item.imageKey, item.imageWidths),
  ...stockView(item.stockQuantity, item.inStock),
  featured: item.featured,
  createdAt: item.createdAt.toISOString(),
  updatedAt: item.updatedAt.toISOString(),
});

/** A catalog_items row as plain SQL returns it (see `ItemsService.list`). */
export interface CatalogItemRow {
  id: string;
  kind: ItemKind;
  name: string;
  slug: string;
  price: string;
  description: string;
  category: string;
  tags: string[];
  image_key: string | null;
  image_widths: number[];
  in_stock: boolean;
  stock_quantity: number | null;
  featured: boolean;
  created_at: Date;
  updated_at: Date;
}

export const SELECT_COLUMNS =
  'id, kind, name, slug, price, description, category, tags, image_key, image_widths, in_stock, stock_quantity, featured, created_at, updated_at';

export const rowToDto = (row: CatalogItemRow): CatalogItemDto => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  slug: row.slug,
  price: row.price,
  description: row.description,
  category: row.category,
  tags: row.tags,
  imageUrl: row.image_key ? `/${row.image_key}` : null,
  images: renditionsOf(row.image_key, row.image_widths),
  ...stockView(row.stock_quantity, row.in_stock),
  featured: row.featured,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});
