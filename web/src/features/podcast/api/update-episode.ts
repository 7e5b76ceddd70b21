import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { EPISODES_PATH, type EpisodeChapter, type PodcastEpisode } from '../podcast';

/** The edit form's fields as typed (tags comma-separated, duration HH:MM:SS); the server reads them as on upload. */
export interface EpisodeEditInput {
  title: string;
  episodeNumber: string;
  description: string;
  tags: string;
  duration: string;
  chapters: EpisodeChapter[];
}

/** An admin's edit (PATCH): what is left out stays; chapters are replaced whole (ADR 0046). */
export async function updateEpisode({ id, edit }: { id: string; edit: Partial<EpisodeEditInput> }): Promise<PodcastEpisode> {
  return (await (await apiRequest('PATCH', `${EPISODES_PATH}/${encodeURIComponent(id)}`, edit)).json()) as PodcastEpisode;
}

export function useUpdateEpisode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEpisode, onSuccess: () => queryClient.invalidateQueries({ queryKey: [EPISODES_PATH] }) });
}
