import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { EPISODES_PATH, type PodcastEpisode } from '../podcast';

/** An admin's WebVTT or SubRip file, sent as text; the server reads it strictly (ADR 0046). */
export async function setTranscript({ id, format, text }: { id: string; format: 'vtt' | 'srt'; text: string }): Promise<PodcastEpisode> {
  return (await (await apiRequest('PUT', `${EPISODES_PATH}/${encodeURIComponent(id)}/transcript`, { format, text })).json()) as PodcastEpisode;
}

export function useSetTranscript() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setTranscript, onSuccess: () => queryClient.invalidateQueries({ queryKey: [EPISODES_PATH] }) });
}
