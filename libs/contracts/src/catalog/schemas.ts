import { z } from 'zod';

export const PRODUCT_CATEGORIES = ['Books', 'Jewelry', 'Apparel', 'Home Decor', 'Gifts'] as const;
export const SERVICE_CATEGORIES = ['Consulting', 'Design', 'Marketing', 'Writing', 'Web Development', 'Ministry'] as const;
export const CATALOG_SORTS = ['featured', 'price-asc', 'price-desc', 'newest', 'name'] as const;
export const itemKindSchema = z.enum(['product', 'service']);

export const categoriesFor = (kind: 'product' | 'service'): readonly string[] => (kind === 'product' ? PRODUCT_CATEGORIES : SERVICE_CATEGORIES);

/** Query string of GET /api/products and /api/services. Without any of these the list is plain (spec §7). */
export const listQuerySchema = z.object({
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
  category: z.string().trim().max(60).optional(),
  sort: z.enum(CATALOG_SORTS, { error: `sort must be one of ${CATALOG_SORTS.join(', ')}` }).optional(),
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').optional(),
  pageSize: z.coerce.number({ error: 'pageSize must be a whole number from 1 to 100' }).int('pageSize must be a whole number from 1 to 100').min(1, 'pageSize must be a whole number from 1 to 100').max(100, 'pageSize must be a whole number from 1 to 100').optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Text fields of the multipart create/update form (the image travels separately). */
export const itemFieldsSchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(200, 'name must be at most 200 characters'),
  price: z
    .string({ error: 'price is required' })
    .trim()
    .min(1, 'price is required')
    .regex(/^\d{1,10}(\.\d{1,2})?$/, 'price must be a number of at least 0 with at most 2 decimals, like 19.99'),
  description: z.string({ error: 'description is required' }).trim().min(1, 'description is required').max(5000, 'description must be at most 5000 characters'),
  category: z.string({ error: 'category is required' }).trim().min(1, 'category is required'),
  tags: z
    .string()
    .optional()
    .transform((s) => (s ?? '').split(',').map((t) => t.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(40, 'each tag must be at most 40 characters')).max(20, 'at most 20 tags')),
  inStock: z.enum(['true', 'false', 'on', 'off', '1', '0'], { error: 'inStock must be true or false' }).optional().transform((v) => v === undefined || ['true', 'on', '1'].includes(v)),
  featured: z.enum(['true', 'false', 'on', 'off', '1', '0'], { error: 'featured must be true or false' }).optional().transform((v) => v !== undefined && ['true', 'on', '1'].includes(v)),
});
export type ItemFields = z.infer<typeof itemFieldsSchema>;
