import { EPISODE_MEDIA_KINDS, EPISODE_MEDIA_PREFIX, EPISODE_THUMBNAIL_PREFIX, episodeFormSchema, type EpisodeForm } from '@km/contracts/media';
import { fieldIssues, invalidFields } from '@km/nest-kit';
import { imageUploadPolicy, mediaUploadPolicy, type MultipartForm } from '@km/nest-kit/storage';

export const EPISODE_MEDIA_POLICY = mediaUploadPolicy(EPISODE_MEDIA_PREFIX);
export const EPISODE_THUMBNAIL_POLICY = imageUploadPolicy(EPISODE_THUMBNAIL_PREFIX);

const KIND_NAMES: Record<string, string> = {
  'video/mp4': 'MP4 video',
  'video/quicktime': 'MOV video',
  'video/webm': 'WEBM video',
  'audio/mpeg': 'MP3 audio',
  'audio/wav': 'WAV audio',
  'audio/mp4': 'M4A audio',
};

/**
 * The text fields of the upload form, validated, plus the file rules: the media is required and its kind (read from
 * its first bytes) must match mediaType. Every problem is named in one 400.
 */
export function parseEpisodeForm(form: MultipartForm): EpisodeForm {
  const result = episodeFormSchema.safeParse(form.fields);
  const issues = result.success ? [] : fieldIssues(result.error);
  const media = form.files.media;
  if (!media) issues.push({ field: 'media', message: 'media is required: an MP4, MOV or WEBM video or an MP3, WAV or M4A audio file' });
  else if (result.success && !(EPISODE_MEDIA_KINDS[result.data.mediaType] as readonly string[]).includes(media.contentType)) {
    const accepted = result.data.mediaType === 'video' ? 'MP4, MOV or WEBM' : 'MP3, WAV or M4A';
    issues.push({
      field: 'media',
      message: `media is ${KIND_NAMES[media.contentType] ?? media.contentType} but mediaType is ${result.data.mediaType}: upload ${accepted}, or change mediaType`,
    });
  }
  if (!result.success || issues.length > 0) throw invalidFields(issues);
  return result.data;
}

/** The multipart body as OpenAPI describes it. */
export const episodeFormOpenApi = {
  type: 'object',
  required: ['title', 'episodeNumber', 'description', 'mediaType', 'media'],
  properties: {
    title: { type: 'string', maxLength: 200 },
    episodeNumber: { type: 'integer', minimum: 1 },
    description: { type: 'string', maxLength: 5000 },
    mediaType: { type: 'string', enum: ['video', 'audio'] },
    tags: { type: 'string', description: 'Comma-separated, at most 20 tags of at most 40 characters.', example: 'faith, business' },
    duration: { type: 'string', description: 'HH:MM:SS or MM:SS; read from the media when left out.', example: '00:45:30' },
    mediaSize: {
      type: 'integer',
      minimum: 0,
      description:
        'The media file’s size in bytes, sent before it: the file then goes to storage in one streamed write, and one over 500 MB is refused before it is sent. A file of another size is refused with 400.',
    },
    media: { type: 'string', format: 'binary', description: 'MP4, MOV, WEBM (video) or MP3, WAV, M4A (audio), checked from its content; at most 500 MB.' },
    thumbnail: { type: 'string', format: 'binary', description: 'JPG, PNG or WEBP, at most 10 MB.' },
  },
};

/** The multipart body of PUT /api/podcast-episodes/{id}/files (ADR 0054). */
export const episodeFilesOpenApi = {
  type: 'object',
  properties: {
    mediaType: { type: 'string', enum: ['video', 'audio'], description: 'Only with new media of that kind.' },
    mediaSize: episodeFormOpenApi.properties.mediaSize,
    media: episodeFormOpenApi.properties.media,
    thumbnail: episodeFormOpenApi.properties.thumbnail,
  },
};
