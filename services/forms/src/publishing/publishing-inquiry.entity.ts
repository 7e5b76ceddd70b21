import type { Genre, ManuscriptStatus, PublishingBudget, PublishingHearAboutUs, PublishingInquiry, PublishingService, PublishingTimeline } from '@km/contracts';
import { Column, Entity } from 'typeorm';
import { InboxRecord } from '../inbox/inbox-record.entity';

@Entity({ name: 'publishing_inquiries' })
export class PublishingInquiryEntity extends InboxRecord {
  @Column({ name: 'first_name', type: 'text' })
  firstName: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName: string;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ name: 'book_title', type: 'text' })
  bookTitle: string;

  @Column({ type: 'text' })
  genre: Genre;

  @Column({ name: 'manuscript_status', type: 'text' })
  manuscriptStatus: ManuscriptStatus;

  @Column({ name: 'word_count', type: 'integer', nullable: true })
  wordCount: number | null;

  @Column({ name: 'previously_published', type: 'boolean', default: false })
  previouslyPublished: boolean;

  @Column({ name: 'services_needed', type: 'text', array: true, default: () => `'{}'` })
  servicesNeeded: PublishingService[];

  @Column({ name: 'book_description', type: 'text' })
  bookDescription: string;

  @Column({ name: 'publishing_goals', type: 'text' })
  publishingGoals: string;

  @Column({ type: 'text', nullable: true })
  timeline: PublishingTimeline | null;

  @Column({ type: 'text', nullable: true })
  budget: PublishingBudget | null;

  @Column({ name: 'hear_about_us', type: 'text', nullable: true })
  hearAboutUs: PublishingHearAboutUs | null;
}

export const toPublishingInquiry = (row: PublishingInquiryEntity): PublishingInquiry => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  bookTitle: row.bookTitle,
  genre: row.genre,
  manuscriptStatus: row.manuscriptStatus,
  wordCount: row.wordCount,
  previouslyPublished: row.previouslyPublished,
  servicesNeeded: row.servicesNeeded,
  bookDescription: row.bookDescription,
  publishingGoals: row.publishingGoals,
  timeline: row.timeline,
  budget: row.budget,
  hearAboutUs: row.hearAboutUs,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
