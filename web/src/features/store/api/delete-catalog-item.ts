import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogPath, type CatalogKind } from '../catalog';

export interface DeleteCatalogItemVariables {
  kind: CatalogKind;
  id: string;
}

export async function deleteCatalogItem({ kind, id }: DeleteCatalogItemVariables): Promise<void> {
  await apiRequest('DELETE', `${catalogPath(kind)}/${encodeURIComponent(id)}`);
}

export function useDeleteCatalogItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCatalogItem,
    onSuccess: (_result, { kind }) => queryClient.invalidateQueries({ queryKey: [catalogPath(kind)] }),
  });
}
