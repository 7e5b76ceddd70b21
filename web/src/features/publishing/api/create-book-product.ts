import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { toBookProductFormData, type BookFormValues } from '../book-product';
import { PRODUCTS_PATH } from './get-featured-books';

export interface CreateBookProductVariables {
  values: BookFormValues;
  onProgress?: (percent: number) => void;
}

export interface CreatedProduct {
  id: string;
  name: string;
}

/** Admin only: the book becomes a product in the Books category (POST /api/products, multipart). */
export async function createBookProduct({ values, onProgress }: CreateBookProductVariables): Promise<CreatedProduct> {
  const text = await uploadWithProgress({ method: 'POST', url: PRODUCTS_PATH, body: toBookProductFormData(values), onProgress });
  return JSON.parse(text) as CreatedProduct;
}

export function useCreateBookProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBookProduct,
    // Every product query is keyed under the collection's path: the featured books here and the store's pages.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PRODUCTS_PATH] }),
  });
}
