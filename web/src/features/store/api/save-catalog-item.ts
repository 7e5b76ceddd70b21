import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { catalogPath, type CatalogItem, type CatalogKind } from '../catalog';

export interface CatalogItemInput {
  name: string;
  price: string;
  description: string;
  category: string;
  /** Comma-separated, as typed. */
  tags: string;
  inStock: boolean;
  featured: boolean;
  /** Products only: units available, "" when stock is not tracked (ADR 0032). */
  stockQuantity?: string;
  /** The count the form showed, so only the admin's change is applied. */
  stockQuantityWas?: string;
  /** Required when creating; when updating, none keeps the current image. */
  image: File | null;
}

/** The multipart body of POST and PUT. Booleans go as "true"/"false": a missing inStock means true. */
export function toCatalogFormData(input: CatalogItemInput): FormData {
  const form = new FormData();
  form.set('name', input.name.trim());
  form.set('price', input.price.trim());
  form.set('description', input.description.trim());
  form.set('category', input.category);
  form.set(
    'tags',
    input.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean)
      .join(', '),
  );
  form.set('inStock', String(input.inStock));
  form.set('featured', String(input.featured));
  if (input.stockQuantity !== undefined) form.set('stockQuantity', input.stockQuantity.trim());
  if (input.stockQuantityWas !== undefined) form.set('stockQuantityWas', input.stockQuantityWas);
  if (input.image) form.set('image', input.image, input.image.name);
  return form;
}

export interface SaveCatalogItemVariables {
  kind: CatalogKind;
  /** Present when editing: the item is updated with PUT instead of created with POST. */
  id?: string;
  input: CatalogItemInput;
  onProgress?: (percent: number) => void;
}

export async function saveCatalogItem({ kind, id, input, onProgress }: SaveCatalogItemVariables): Promise<CatalogItem> {
  const text = await uploadWithProgress({
    method: id ? 'PUT' : 'POST',
    url: id ? `${catalogPath(kind)}/${encodeURIComponent(id)}` : catalogPath(kind),
    body: toCatalogFormData(input),
    onProgress,
  });
  return JSON.parse(text) as CatalogItem;
}

export function useSaveCatalogItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCatalogItem,
    // Lists and, for products, the home page's featured product.
    onSuccess: (_item, { kind }) => queryClient.invalidateQueries({ queryKey: [catalogPath(kind)] }),
  });
}
