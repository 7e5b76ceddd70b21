import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { EPISODES_PATH } from '../podcast';

export interface EpisodeViewResult {
  id: string;
  views: number;
  counted: boolean;
}

/** A play: the server counts it once per visitor per 24 hours and answers the views. */
export async function countEpisodeView(id: string): Promise<EpisodeViewResult> {
  const res = await apiRequest('POST', `${EPISODES_PATH}/${encodeURIComponent(id)}/views`);
  return (await res.json()) as EpisodeViewResult;
}

// The card shows the answered count itself: refetching the lists would reorder Most Popular under the listener.
export const useCountEpisodeView = () => useMutation({ mutationFn: countEpisodeView });
