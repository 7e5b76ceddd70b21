import type { NewsletterSource } from '@km/contracts/forms';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One row per address (lower case) for good: unsubscribing sets `unsubscribedAt`, subscribing again clears it and asks
 * for confirmation again (ADR 0055).
 */
@Entity({ name: 'newsletter_subscriptions' })
export class NewsletterSubscriptionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  email: string;

  /**
   * Kept as issued (32 random bytes), not hashed: the welcome email is rendered from the row after the event is
   * consumed, and the token only grants unsubscribing.
   */
  @Column({ name: 'unsubscribe_token', type: 'text' })
  unsubscribeToken: string;

  @Column({ name: 'subscribed_at', type: 'timestamptz' })
  subscribedAt: Date;

  @Column({ name: 'unsubscribed_at', type: 'timestamptz', nullable: true })
  unsubscribedAt: Date | null;

  /** Where the address was given (ADR 0055); `legacy` for addresses subscribed before double opt-in. */
  @Column({ type: 'text' })
  source: NewsletterSource;

  /** When the owner followed the confirmation link; only confirmed addresses receive campaigns (ADR 0055). */
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  @Column({ name: 'bounced_at', type: 'timestamptz', nullable: true })
  bouncedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
