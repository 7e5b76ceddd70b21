import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { EPISODES_PATH } from '../podcast';

/** One line of a transcript as Podcast Index's JSON transcript has it (ADR 0046). */
export interface TranscriptSegment {
  startTime: number;
  endTime: number;
  body: string;
}

export const transcriptQueryOptions = (episodeId: string) =>
  queryOptions({
    queryKey: [EPISODES_PATH, episodeId, 'transcript'],
    queryFn: async () =>
      ((await (await apiRequest('GET', `${EPISODES_PATH}/${episodeId}/transcript.json`)).json()) as { segments: TranscriptSegment[] }).segments,
    staleTime: 5 * 60_000,
  });
