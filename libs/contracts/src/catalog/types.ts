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
  /** Tracked products: available now (on hand, less what unpaid payments hold; ADR 0032); `true` at 1 or more. Not tracked: the form's flag. */
  inStock: boolean;
  /** Units available to sell now (ADR 0032); null when stock is not tracked (the default, and services). */
  stockQuantity: number | null;
  /** Tracked, above zero and at or under the catalog's low-stock threshold: the store says "Only N left". */
  lowStock: boolean;
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

/** Why a product's stock moved (ADR 0032); a reservation is not a movement until it is sold. */
export type StockMovementReason = 'sale' | 'refund_restock' | 'cancel_restock' | 'manual' | 'tracking_started' | 'tracking_stopped';

export interface StockMovement {
  id: string;
  reason: StockMovementReason;
  /** Units added (positive) or taken (negative). */
  delta: number;
  /** What the product had available after the movement; null once tracking stopped. */
  quantityAfter: number | null;
  /** Who: an admin's user id and name, an order number, or null for the shop itself. */
  actor: string | null;
  orderNumber: string | null;
  createdAt: string;
}

export interface StockMovementsPage {
  items: StockMovement[];
  total: number;
  page: number;
  pageSize: number;
}

/** What a reservation holds once it is decided (ADR 0032). */
export interface StockReservation {
  paymentIntentId: string;
  lines: { productId: string; quantity: number }[];
  expiresAt: string;
}

export interface StockReleased {
  paymentIntentId: string;
  /** Units went back now. */
  released: boolean;
  /** Units are still held, until the shortened expiry (`withinMinutes`). */
  held: boolean;
}

/** What asking to be told when a product is back answers, the same whether or not the address was already waiting (ADR 0050). */
export interface BackInStockAccepted {
  message: string;
}

/** What the back-in-stock unsubscribe link did: the address it named waits for no product any more (null: the link was used before, or is not ours). */
export interface BackInStockUnsubscribed {
  email: string | null;
}
