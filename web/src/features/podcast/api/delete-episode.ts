import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { EPISODES_PATH } from '../podcast';

export async function deleteEpisode(id: string): Promise<void> {
  await apiRequest('DELETE', `${EPISODES_PATH}/${encodeURIComponent(id)}`);
}

export function useDeleteEpisode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEpisode, onSuccess: () => queryClient.invalidateQueries({ queryKey: [EPISODES_PATH] }) });
}
