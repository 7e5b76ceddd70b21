import type { BookSubmission, Genre, ManuscriptContentType, ManuscriptFile } from '@km/contracts';
import { Column, Entity } from 'typeorm';
import { InboxRecord } from '../inbox/inbox-record.entity';

@Entity({ name: 'book_submissions' })
export class BookSubmissionEntity extends InboxRecord {
  @Column({ name: 'author_name', type: 'text' })
  authorName: string;

  @Column({ name: 'book_title', type: 'text' })
  bookTitle: string;

  @Column({ type: 'text' })
  genre: Genre;

  @Column({ name: 'word_count', type: 'integer' })
  wordCount: number;

  @Column({ name: 'target_audience', type: 'text' })
  targetAudience: string;

  @Column({ type: 'text' })
  synopsis: string;

  /** `media/manuscripts/<uuid>.<pdf|docx>`; private: only the admin download route reads it. */
  @Column({ name: 'manuscript_key', type: 'text' })
  manuscriptKey: string;

  @Column({ name: 'manuscript_filename', type: 'text' })
  manuscriptFilename: string;

  @Column({ name: 'manuscript_size', type: 'integer' })
  manuscriptSize: number;

  @Column({ name: 'manuscript_content_type', type: 'text' })
  manuscriptContentType: ManuscriptContentType;
}

/** The admin download route; manuscripts are never served from /media. */
export const manuscriptUrl = (id: string) => `/api/book-submissions/${id}/manuscript`;

/** Spec §3 calls the arrival time of a book submission `submittedAt`. */
export const toBookSubmission = (row: BookSubmissionEntity): BookSubmission => ({
  id: row.id,
  authorName: row.authorName,
  email: row.email,
  status: row.status,
  submittedAt: row.createdAt.toISOString(),
  bookTitle: row.bookTitle,
  genre: row.genre,
  wordCount: row.wordCount,
  targetAudience: row.targetAudience,
  manuscriptUrl: manuscriptUrl(row.id),
  synopsis: row.synopsis,
  manuscriptFilename: row.manuscriptFilename,
  manuscriptSize: row.manuscriptSize,
  manuscriptContentType: row.manuscriptContentType,
  updatedAt: row.updatedAt.toISOString(),
});

export const toManuscriptFile = (row: BookSubmissionEntity): ManuscriptFile => ({
  key: row.manuscriptKey,
  filename: row.manuscriptFilename,
  size: row.manuscriptSize,
  contentType: row.manuscriptContentType,
});
