import { FILE_KINDS, type FileKind, type FileKindId } from './file-kinds';

const MB = 1024 * 1024;

/** What one upload field accepts and where it is stored. */
export interface UploadPolicy {
  /** Kinds accepted, recognised from the first bytes. */
  kinds: FileKind[];
  maxBytes: number;
  /** Objects are stored as `<keyPrefix>/<uuid>.<ext>`, a new key per upload. */
  keyPrefix: string;
  /** Answered with 413 when the file passes `maxBytes`. */
  tooLargeMessage: string;
  /** Answered with 415 when the first bytes are not one of `kinds`. */
  unsupportedMessage: string;
}

const kinds = (...ids: FileKindId[]) => ids.map((id) => FILE_KINDS[id]);

/** Spec §9: images up to 10 MB, JPG, PNG or WEBP. */
export const imageUploadPolicy = (keyPrefix: string): UploadPolicy => ({
  kinds: kinds('jpg', 'png', 'webp'),
  maxBytes: 10 * MB,
  keyPrefix,
  tooLargeMessage: 'Image is too large: the limit is 10 MB.',
  unsupportedMessage: 'Unsupported image type: use JPG, PNG or WEBP.',
});

/** Spec §9: podcast media up to 500 MB, video MP4, MOV, WEBM or audio MP3, WAV, M4A. */
export const mediaUploadPolicy = (keyPrefix: string): UploadPolicy => ({
  kinds: kinds('mp4', 'mov', 'webm', 'mp3', 'wav', 'm4a'),
  maxBytes: 500 * MB,
  keyPrefix,
  tooLargeMessage: 'Media file is too large: the limit is 500 MB.',
  unsupportedMessage: 'Unsupported media type: use MP4, MOV, WEBM, MP3, WAV or M4A.',
});

/** ARCHITECTURE §10: manuscripts as PDF or DOCX up to 50 MB. */
export const manuscriptUploadPolicy = (keyPrefix: string): UploadPolicy => ({
  kinds: kinds('pdf', 'docx'),
  maxBytes: 50 * MB,
  keyPrefix,
  tooLargeMessage: 'Manuscript is too large: the limit is 50 MB.',
  unsupportedMessage: 'Unsupported manuscript type: use PDF or DOCX.',
});
