import type { PrayerModeration, PrayerNameDisplay, PrayerRequest, PrayerRequestType, PrayerState, PreferredContact } from '@km/contracts';
import { Column, Entity } from 'typeorm';
import { InboxRecord } from '../inbox/inbox-record.entity';

@Entity({ name: 'prayer_requests' })
export class PrayerRequestEntity extends InboxRecord {
  @Column({ name: 'first_name', type: 'text' })
  firstName: string;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName: string | null;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ name: 'request_type', type: 'text' })
  requestType: PrayerRequestType;

  @Column({ name: 'prayer_request', type: 'text' })
  prayerRequest: string;

  @Column({ name: 'preferred_contact', type: 'text', default: 'email' })
  preferredContact: PreferredContact;

  @Column({ name: 'is_urgent', type: 'boolean', default: false })
  isUrgent: boolean;

  /** Whether the wall may show it now: the form's "allow sharing", false again once the author withdraws it. */
  @Column({ name: 'allow_sharing', type: 'boolean', default: false })
  allowSharing: boolean;

  // The prayer ministry (ADR 0042).
  @Column({ type: 'text', default: 'new' })
  state: PrayerState;

  @Column({ name: 'share_name_as', type: 'text', default: 'anonymous' })
  shareNameAs: PrayerNameDisplay;

  /** The words agreed to and when: the wall shows nothing without them. */
  @Column({ name: 'sharing_consent', type: 'text', nullable: true })
  sharingConsent: string | null;

  @Column({ name: 'sharing_consent_at', type: 'timestamptz', nullable: true })
  sharingConsentAt: Date | null;

  @Column({ name: 'sharing_withdrawn_at', type: 'timestamptz', nullable: true })
  sharingWithdrawnAt: Date | null;

  @Column({ type: 'text', default: 'pending' })
  moderation: PrayerModeration;

  @Column({ name: 'flagged_at', type: 'timestamptz', nullable: true })
  flaggedAt: Date | null;

  @Column({ name: 'prayed_count', type: 'integer', default: 0 })
  prayedCount: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'text', nullable: true })
  answer: string | null;

  @Column({ name: 'answered_at', type: 'timestamptz', nullable: true })
  answeredAt: Date | null;

  @Column({ name: 'share_praise', type: 'boolean', default: false })
  sharePraise: boolean;

  @Column({ name: 'taken_down_at', type: 'timestamptz', nullable: true })
  takenDownAt: Date | null;
}

/** Spec §3 calls the arrival time of a prayer request `submittedAt`. */
export const toPrayerRequest = (row: PrayerRequestEntity): PrayerRequest => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  requestType: row.requestType,
  prayerRequest: row.prayerRequest,
  preferredContact: row.preferredContact,
  isUrgent: row.isUrgent,
  allowSharing: row.allowSharing,
  status: row.status,
  submittedAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
