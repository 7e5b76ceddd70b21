import { z } from 'zod';
import { CATALOG_SORTS } from '../vocabulary/catalog';
import { requiredEmail, unsubscribeToken } from '../common/fields';

export const itemKindSchema = z.enum(['product', 'service']);

/** Spec §9: the store shows 12 items per page. */
export const DEFAULT_PAGE_SIZE = 12;

/** The query keys of the list endpoints; any one of them present asks for the paged shape. */
export const LIST_QUERY_KEYS = ['q', 'category', 'sort', 'page', 'pageSize'] as const;

/** Query string of GET /api/products and /api/services. Without any of these the list is plain (spec §7). */
export const listQuerySchema = z.object({
  q: z.string({ error: 'q must be text' }).trim().max(200, 'q must be at most 200 characters').optional(),
  category: z.string({ error: 'category must be text' }).trim().max(60, 'category must be at most 60 characters').optional(),
  sort: z.enum(CATALOG_SORTS, { error: `sort must be one of ${CATALOG_SORTS.join(', ')}` }).optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1_000_000, 'page must be at most 1000000')
    .optional(),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a whole number from 1 to 100' })
    .int('pageSize must be a whole number from 1 to 100')
    .min(1, 'pageSize must be a whole number from 1 to 100')
    .max(100, 'pageSize must be a whole number from 1 to 100')
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Units a tracked product may hold (ADR 0032). */
export const MAX_STOCK_QUANTITY = 1_000_000;
const STOCK_MESSAGE = `stockQuantity must be a whole number from 0 to ${MAX_STOCK_QUANTITY}, or empty when stock is not tracked`;
export const stockQuantitySchema = z.number({ error: STOCK_MESSAGE }).int(STOCK_MESSAGE).min(0, STOCK_MESSAGE).max(MAX_STOCK_QUANTITY, STOCK_MESSAGE);

/** Price as typed in the form: at least 0, at most 2 decimals, at most 10 digits before the point (numeric(12,2)). */
export const PRICE_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
const PRICE_MESSAGE = 'price must be a number of at least 0 with at most 2 decimals, like 19.99';

const flag = (field: string) => z.enum(['true', 'false', 'on', 'off', '1', '0'], { error: `${field} must be true or false` });

/** Text fields of the multipart create/update form (the image travels separately). */
export const itemFieldsSchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(200, 'name must be at most 200 characters'),
  price: z.string({ error: 'price is required' }).trim().min(1, 'price is required').regex(PRICE_PATTERN, PRICE_MESSAGE),
  description: z.string({ error: 'description is required' }).trim().min(1, 'description is required').max(5000, 'description must be at most 5000 characters'),
  category: z.string({ error: 'category is required' }).trim().min(1, 'category is required'),
  tags: z
    .string({ error: 'tags must be text, separated by commas' })
    .optional()
    .transform((s) =>
      (s ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(40, 'each tag must be at most 40 characters')).max(20, 'at most 20 tags')),
  // An HTML checkbox sends nothing when unchecked; the store form starts with inStock checked (spec §5).
  inStock: flag('inStock')
    .optional()
    .transform((v) => v === undefined || ['true', 'on', '1'].includes(v)),
  featured: flag('featured')
    .optional()
    .transform((v) => v !== undefined && ['true', 'on', '1'].includes(v)),
  // Empty or absent: not tracked (ADR 0032); the form sends text.
  stockQuantity: z
    .string({ error: STOCK_MESSAGE })
    .trim()
    .optional()
    // Absent keeps what is stored (a client of spec §7's form knows nothing of stock); empty stops tracking.
    .transform((v) => (v === '' ? null : v))
    .pipe(
      z
        .string()
        .regex(/^\d{1,7}$/, STOCK_MESSAGE)
        .transform(Number)
        .pipe(stockQuantitySchema)
        .nullable()
        .optional(),
    ),
  /** The quantity the form showed; with it a save applies only the admin's change, not a stale count (ADR 0032). */
  stockQuantityWas: z
    .string({ error: 'stockQuantityWas must be a whole number' })
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^\d{1,7}$/, 'stockQuantityWas must be a whole number')
        .transform(Number)
        .pipe(stockQuantitySchema)
        .optional(),
    ),
});
export type ItemFields = z.infer<typeof itemFieldsSchema>;

/** The validated item as it travels from the gateway to the catalog service. */
export const itemDataSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(200, 'name must be at most 200 characters'),
  price: z.string().regex(PRICE_PATTERN, PRICE_MESSAGE),
  description: z.string().trim().min(1, 'description is required').max(5000, 'description must be at most 5000 characters'),
  category: z.string().min(1, 'category is required'),
  tags: z.array(z.string().trim().min(1).max(40, 'each tag must be at most 40 characters')).max(20, 'at most 20 tags'),
  inStock: z.boolean({ error: 'inStock must be true or false' }),
  featured: z.boolean({ error: 'featured must be true or false' }),
  /** Null: not tracked (the default, and the rule for services); absent keeps what is stored (ADR 0032). */
  stockQuantity: stockQuantitySchema.nullable().optional(),
  stockQuantityWas: stockQuantitySchema.optional(),
});
export type ItemData = z.infer<typeof itemDataSchema>;

/** Object keys of catalog images, as the gateway's uploads name them. */
export const CATALOG_IMAGE_PREFIX = 'media/catalog';
export const catalogImageKeySchema = z
  .string()
  .regex(/^media\/catalog\/[0-9a-f-]{36}\.(jpg|png|webp)$/, 'imageKey must be a media/catalog/<uuid>.<jpg|png|webp> key');

export const listItemsSchema = listQuerySchema.extend({ kind: itemKindSchema });
export type ListItemsRequest = z.infer<typeof listItemsSchema>;

/**
 * The plain list of spec §7 comes in chunks, each one NATS reply well under the bus limit: at most this many
 * bytes of items, whatever their length (a max_payload of 1 MB is NATS's default and our floor).
 */
export const LIST_CHUNK_MAX_BYTES = 512 * 1024;
/** Rows the catalog reads for one chunk; fewer are sent when their JSON would pass LIST_CHUNK_MAX_BYTES. */
export const LIST_CHUNK_MAX_ITEMS = 2000;

/** Where a chunk ends in the plain list's order (featured, newest, id); opaque to the gateway. */
export const LIST_CURSOR_PATTERN = /^[01]\|[0-9 :.+-]{10,40}\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One chunk of the plain list: the first without `after`, then each from the previous chunk's `next`. */
export const listChunkSchema = z.object({
  kind: itemKindSchema,
  after: z.string().regex(LIST_CURSOR_PATTERN, 'after must be the next cursor of the previous chunk').optional(),
});
export type ListChunkRequest = z.infer<typeof listChunkSchema>;

/** Any string: an id that is not a uuid is simply not found. */
export const itemRefSchema = z.object({ kind: itemKindSchema, id: z.string().max(200) });
export type ItemRef = z.infer<typeof itemRefSchema>;

export const getManyItemsSchema = z.object({ ids: z.array(z.string().max(200)).max(100, 'at most 100 ids at once') });
export const featuredItemSchema = z.object({ kind: itemKindSchema });

/** Who made a change, as the stock movements name them: the gateway sets it from the session, never the form. */
const actorSchema = z.string().max(300).optional();

export const createItemSchema = z.object({ kind: itemKindSchema, item: itemDataSchema, imageKey: catalogImageKeySchema, actor: actorSchema });
export type CreateItemRequest = z.infer<typeof createItemSchema>;

/** `imageKey` only when a new image was uploaded; the old object is deleted after the update commits. */
export const updateItemSchema = itemRefSchema.extend({ item: itemDataSchema, imageKey: catalogImageKeySchema.optional(), actor: actorSchema });
export type UpdateItemRequest = z.infer<typeof updateItemSchema>;

/** How long a reservation holds stock for an unpaid payment intent, unless the intent ends first (ADR 0032). */
export const RESERVATION_MINUTES = 30;

const reservationLine = z.object({
  productId: z.string().max(200),
  /** Whole units, as a cart line allows. */
  quantity: z.number().int().min(1).max(MAX_STOCK_QUANTITY),
  /** The name the buyer's cart shows, for the refusal's message when the catalog no longer has it. */
  productName: z.string().max(200).optional(),
});

/** Reserve these lines for a payment intent, replacing what it held (ADR 0032). */
export const reserveStockSchema = z.object({
  paymentIntentId: z.string().min(1).max(200),
  lines: z.array(reservationLine).min(1).max(100),
  /** Minutes the reservation holds when the intent neither succeeds nor ends; RESERVATION_MINUTES by default. */
  minutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .optional(),
});
export type ReserveStockRequest = z.infer<typeof reserveStockSchema>;

/** Without `withinMinutes` what the intent holds goes back now; with it, at the latest that many minutes from now. */
export const releaseStockSchema = z.object({
  paymentIntentId: z.string().min(1).max(200),
  withinMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .optional(),
});
export type ReleaseStockRequest = z.infer<typeof releaseStockSchema>;

/** A page of a product's stock movements, newest first (admin): paged as the store's lists are, 20 a page by default. */
export const stockMovementsSchema = listQuerySchema
  .pick({ page: true, pageSize: true })
  .extend({ productId: z.string().max(200) })
  .transform(({ productId, page = 1, pageSize = 20 }) => ({ productId, page, pageSize }));
export type StockMovementsRequest = z.output<typeof stockMovementsSchema>;

/**
 * POST /api/products/:id/back-in-stock (ADR 0050): a visitor's address, mailed once when the out-of-stock product comes
 * back. Addresses are kept in lower case, so one address waits once per product.
 */
export const backInStockBodySchema = z.object({ email: requiredEmail().transform((email) => email.toLowerCase()) });
export type BackInStockBody = z.infer<typeof backInStockBodySchema>;
export const backInStockRequestSchema = backInStockBodySchema.extend({ productId: z.string().max(200) });
export type BackInStockRequest = z.infer<typeof backInStockRequestSchema>;

/** GET /api/back-in-stock/unsubscribe?token=… (the link in a back-in-stock email): the address waits for nothing more. */
export const backInStockUnsubscribeSchema = z.object({ token: unsubscribeToken() });
export type BackInStockUnsubscribeRequest = z.infer<typeof backInStockUnsubscribeSchema>;
