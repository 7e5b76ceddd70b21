import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { EPISODES_PATH, type PodcastEpisode } from '../podcast';

export interface EpisodeUploadInput {
  title: string;
  episodeNumber: string;
  description: string;
  mediaType: 'video' | 'audio';
  /** Comma-separated, as typed. */
  tags: string;
  /** HH:MM:SS or MM:SS; empty lets the server read it from the media. */
  duration: string;
  media: File;
  thumbnail: File | null;
}

/** The multipart body of spec §7: text fields first, so the server can refuse them before the media streams. */
export function toEpisodeFormData(input: EpisodeUploadInput): FormData {
  const form = new FormData();
  form.set('title', input.title.trim());
  form.set('episodeNumber', input.episodeNumber.trim());
  form.set('description', input.description.trim());
  form.set('mediaType', input.mediaType);
  form.set('tags', input.tags);
  if (input.duration.trim()) form.set('duration', input.duration.trim());
  // Declared before the file: the server stores it in one streamed write and refuses one too large at once.
  form.set('mediaSize', String(input.media.size));
  if (input.thumbnail) form.set('thumbnail', input.thumbnail, input.thumbnail.name);
  form.set('media', input.media, input.media.name);
  return form;
}

export async function uploadEpisode({ input, onProgress }: { input: EpisodeUploadInput; onProgress?: (percent: number) => void }): Promise<PodcastEpisode> {
  const text = await uploadWithProgress({ method: 'POST', url: EPISODES_PATH, body: toEpisodeFormData(input), onProgress });
  return JSON.parse(text) as PodcastEpisode;
}

export function useUploadEpisode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadEpisode, onSuccess: () => queryClient.invalidateQueries({ queryKey: [EPISODES_PATH] }) });
}
