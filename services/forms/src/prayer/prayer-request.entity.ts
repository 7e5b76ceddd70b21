import type { InboxStatus, PrayerRequest, PrayerRequestType, PreferredContact } from '@km/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'prayer_requests' })
export class PrayerRequestEntity {
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

  @Column({ type: 'text', default: 'new' })
  status: InboxStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
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
