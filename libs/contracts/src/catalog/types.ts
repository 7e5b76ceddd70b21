import type { ImageRendition } from '../common/images';
import type { ItemKind } from './subjects';

/** A product or service as the API returns it (spec §3). */
export interface CatalogItem {
  id: string;
  kind: ItemKind;
  name: string;
  /** The item's address name (`/products/{slug}`): unique per kind, kept when the item is renamed. */
  slug: string;
  /** Two-decimal string, e.g. "19.99". */
  price: string;
  description: string;
  category: string;
  tags: string[];
  /** `/media/catalog/…` */
  imageUrl: string | null;
  /** WEBP copies of the image by width, narrowest first (ADR 0021); empty for an image stored before they existed. */
  images: ImageRendition[];
  inStock: boolean;
  featured: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CatalogPage {
  items: CatalogItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** Part of the plain list; `next` asks for the following chunk, null after the last. */
export interface CatalogChunk {
  items: CatalogItem[];
  next: string | null;
}

export interface DeletedItem {
  id: string;
  kind: ItemKind;
}
