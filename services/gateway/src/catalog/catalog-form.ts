import { CATALOG_IMAGE_PREFIX, categoriesFor, itemFieldsSchema, type ItemData, type ItemKind } from '@km/contracts';
import { fieldIssues, invalidFields } from '@km/nest-kit';
import { imageUploadPolicy, type MultipartForm } from '@km/nest-kit/storage';

export const CATALOG_IMAGE_POLICY = imageUploadPolicy(CATALOG_IMAGE_PREFIX);

/**
 * The text fields of a create/update form, validated, plus the image rule: required when creating, optional when
 * updating. Every problem is named in one 400, the image included.
 */
export function parseItemForm(form: MultipartForm, imageRequired: boolean): ItemData {
  const result = itemFieldsSchema.safeParse(form.fields);
  const issues = result.success ? [] : fieldIssues(result.error);
  if (imageRequired && !form.files.image) issues.push({ field: 'image', message: 'image is required' });
  if (!result.success || issues.length > 0) throw invalidFields(issues);
  return result.data;
}

/** The multipart body as OpenAPI describes it. */
export const itemFormSchema = (kind: ItemKind, imageRequired: boolean) => ({
  type: 'object',
  required: ['name', 'price', 'description', 'category', ...(imageRequired ? ['image'] : [])],
  properties: {
    name: { type: 'string', maxLength: 200 },
    price: { type: 'string', pattern: '^\\d{1,10}(\\.\\d{1,2})?$', example: '19.99' },
    description: { type: 'string', maxLength: 5000 },
    category: { type: 'string', enum: [...categoriesFor(kind)] },
    tags: { type: 'string', description: 'Comma-separated, at most 20 tags of at most 40 characters.', example: 'bible, study' },
    image: {
      type: 'string',
      format: 'binary',
      description: `JPG, PNG or WEBP (checked from its content), at most 10 MB.${imageRequired ? '' : ' Leave out to keep the current image.'}`,
    },
    inStock: { type: 'string', enum: ['true', 'false'], default: 'true' },
    featured: { type: 'string', enum: ['true', 'false'], default: 'false' },
    stockQuantity: {
      type: 'string',
      pattern: '^\\d{0,7}$',
      description: 'Units available to sell (0 to 1000000); empty: not tracked (ADR 0032). Leave out to keep what is stored.',
    },
    stockQuantityWas: { type: 'string', pattern: '^\\d{0,7}$', description: 'The count the form showed: only the change from it is applied.' },
  },
});
