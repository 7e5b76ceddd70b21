import type { Genre } from '@km/contracts/vocabulary';
import { parseWordCount } from './publishing-inquiry';

/** ARCHITECTURE §10: manuscripts are PDF or DOCX, at most 50 MB (the server checks the content too). */
export const MANUSCRIPT_MAX_BYTES = 50 * 1024 * 1024;
export const MANUSCRIPT_TYPES = {
  'application/pdf': '.pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
} as const;
/** For the file input's accept attribute. */
export const MANUSCRIPT_ACCEPT = ['.pdf', '.docx', ...Object.keys(MANUSCRIPT_TYPES)].join(',');

/**
 * Why a file cannot be sent as a manuscript, or null when it can. Browsers do not always know a DOCX's type,
 * so the name's extension counts as well.
 */
export function manuscriptProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const name = file.name.toLowerCase();
  const knownType = file.type in MANUSCRIPT_TYPES;
  const knownExtension = Object.values(MANUSCRIPT_TYPES).some((extension) => name.endsWith(extension));
  if (!knownType && !knownExtension) return 'Choose a PDF or Word (.docx) file.';
  if (file.size === 0) return 'This file is empty. Choose your manuscript file.';
  if (file.size > MANUSCRIPT_MAX_BYTES) return 'The manuscript must be 50 MB or smaller.';
  return null;
}

export interface BookSubmissionValues {
  authorName: string;
  email: string;
  bookTitle: string;
  genre: Genre | '';
  wordCount: string;
  targetAudience: string;
  synopsis: string;
}

export const EMPTY_BOOK_SUBMISSION: BookSubmissionValues = {
  authorName: '',
  email: '',
  bookTitle: '',
  genre: '',
  wordCount: '',
  targetAudience: '',
  synopsis: '',
};

/** The multipart body of POST /api/book-submissions: every text field, then the file (so fields arrive first). */
export function toBookSubmissionFormData(values: BookSubmissionValues, manuscript: File): FormData {
  const form = new FormData();
  form.set('authorName', values.authorName.trim());
  form.set('email', values.email.trim());
  form.set('bookTitle', values.bookTitle.trim());
  form.set('genre', values.genre);
  const wordCount = parseWordCount(values.wordCount);
  form.set('wordCount', wordCount === undefined ? values.wordCount.trim() : String(wordCount));
  form.set('targetAudience', values.targetAudience.trim());
  form.set('synopsis', values.synopsis.trim());
  form.set('manuscript', manuscript, manuscript.name);
  return form;
}
