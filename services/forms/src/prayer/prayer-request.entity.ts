import type { PrayerRequest, PrayerRequestType, PreferredContact } from '@km/contracts';
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

  @Column({ name: 'allow_sharing', type: 'boolean', default: false })
  allowSharing: boolean;
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
