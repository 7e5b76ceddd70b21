import { z } from 'zod';
import { CATALOG_SORTS } from '../vocabulary/catalog';

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

export const createItemSchema = z.object({ kind: itemKindSchema, item: itemDataSchema, imageKey: catalogImageKeySchema });
export type CreateItemRequest = z.infer<typeof createItemSchema>;

/** `imageKey` only when a new image was uploaded; the old object is deleted after the update commits. */
export const updateItemSchema = itemRefSchema.extend({ item: itemDataSchema, imageKey: catalogImageKeySchema.optional() });
export type UpdateItemRequest = z.infer<typeof updateItemSchema>;
