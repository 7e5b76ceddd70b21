import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { EPISODES_PATH, type PodcastEpisode } from '../podcast';

export interface EpisodeFilesInput {
  mediaType: 'video' | 'audio';
  media: File | null;
  thumbnail: File | null;
}

/** New media, a new thumbnail or both for an episode (ADR 0054); the media type goes along with new media. */
export function toEpisodeFilesFormData({ mediaType, media, thumbnail }: EpisodeFilesInput): FormData {
  const form = new FormData();
  if (media) {
    form.set('mediaType', mediaType);
    // Declared before the file, as on upload: the server stores it in one streamed write.
    form.set('mediaSize', String(media.size));
  }
  if (thumbnail) form.set('thumbnail', thumbnail, thumbnail.name);
  if (media) form.set('media', media, media.name);
  return form;
}

export async function replaceEpisodeFiles({
  id,
  input,
  onProgress,
}: {
  id: string;
  input: EpisodeFilesInput;
  onProgress?: (percent: number) => void;
}): Promise<PodcastEpisode> {
  const url = `${EPISODES_PATH}/${encodeURIComponent(id)}/files`;
  return JSON.parse(await uploadWithProgress({ method: 'PUT', url, body: toEpisodeFilesFormData(input), onProgress })) as PodcastEpisode;
}

export function useReplaceEpisodeFiles() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replaceEpisodeFiles, onSuccess: () => queryClient.invalidateQueries({ queryKey: [EPISODES_PATH] }) });
}
