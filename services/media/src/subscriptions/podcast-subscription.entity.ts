import type { PodcastHowHeard, PodcastInterest, PodcastPreferredFormat } from '@km/contracts';
import type { PodcastSubscription } from '@km/contracts/media';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One row per address (unique whatever its letter case); unsubscribing sets `unsubscribedAt`. */
@Entity({ name: 'podcast_subscriptions' })
export class PodcastSubscriptionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'first_name', type: 'text' })
  firstName: string;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName: string | null;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ name: 'preferred_format', type: 'text' })
  preferredFormat: PodcastPreferredFormat;

  @Column({ type: 'text', array: true, default: () => `'{}'` })
  interests: PodcastInterest[];

  @Column({ name: 'how_heard_about_us', type: 'text', nullable: true })
  howHeardAboutUs: PodcastHowHeard | null;

  @Column({ name: 'wants_newsletter', type: 'boolean', default: false })
  wantsNewsletter: boolean;

  /** 32 random bytes, kept as issued: it only grants unsubscribing, and emails are rendered from the row. */
  @Column({ name: 'unsubscribe_token', type: 'text' })
  unsubscribeToken: string;

  @Column({ name: 'unsubscribed_at', type: 'timestamptz', nullable: true })
  unsubscribedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

export const toSubscriptionDto = (s: PodcastSubscriptionEntity): PodcastSubscription => ({
  id: s.id,
  firstName: s.firstName,
  lastName: s.lastName,
  email: s.email,
  phone: s.phone,
  preferredFormat: s.preferredFormat,
  interests: s.interests,
  howHeardAboutUs: s.howHeardAboutUs,
  wantsNewsletter: s.wantsNewsletter,
  createdAt: s.createdAt.toISOString(),
});

/** Whether this subscriber gets email (spec §3: email or both; SMS is stored but not sent yet). */
export const wantsEmail = (s: Pick<PodcastSubscriptionEntity, 'preferredFormat' | 'unsubscribedAt'>) =>
  !s.unsubscribedAt && (s.preferredFormat === 'email' || s.preferredFormat === 'both');
