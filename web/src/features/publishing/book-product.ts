/** The admin "Add New Book" form (spec §3 Book form), which lists the book in the store (ARCHITECTURE §10). */
export interface BookFormValues {
  title: string;
  author: string;
  /** As typed in a number input (min 0, step 0.01). */
  price: string;
  description: string;
  cover: File | null;
}

export const BOOK_CATEGORY = 'Books';
const TAG_MAX = 40;

/** "19.9" → "19.90"; anything that is not a price of at least 0 stays as typed, for the server to refuse. */
export function normalizePrice(typed: string): string {
  const trimmed = typed.trim();
  const amount = Number(trimmed);
  return trimmed !== '' && Number.isFinite(amount) && amount >= 0 ? amount.toFixed(2) : trimmed;
}

/**
 * POST /api/products multipart: the title is the product's name, the author leads the description and is a tag,
 * the cover is the image. A book is in stock and not featured until someone says otherwise in the store.
 */
export function toBookProductFormData(values: BookFormValues): FormData {
  const author = values.author.trim();
  const form = new FormData();
  form.set('name', values.title.trim());
  form.set('price', normalizePrice(values.price));
  form.set('description', `By ${author}\n\n${values.description.trim()}`);
  form.set('category', BOOK_CATEGORY);
  // Tags are comma-separated and at most 40 characters each.
  const authorTag = author.replace(/,/g, ' ').replace(/\s+/g, ' ').trim().slice(0, TAG_MAX).trim();
  form.set('tags', ['book', authorTag].filter(Boolean).join(', '));
  form.set('inStock', 'true');
  form.set('featured', 'false');
  if (values.cover) form.set('image', values.cover, values.cover.name);
  return form;
}

/** Spec §9: images are JPG, PNG or WEBP, at most 10 MB. */
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const COVER_MAX_BYTES = 10 * 1024 * 1024;

/** Why a file cannot be a cover, or null when it can. */
export function coverProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(COVER_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPG, PNG or WEBP image.';
  if (file.size > COVER_MAX_BYTES) return 'The cover must be 10 MB or smaller.';
  return null;
}
