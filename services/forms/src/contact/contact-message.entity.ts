import type { ContactMessage, ContactSubject, HowHeardAboutUs } from '@km/contracts';
import { Column, Entity } from 'typeorm';
import { InboxRecord } from '../inbox/inbox-record.entity';

@Entity({ name: 'contact_messages' })
export class ContactMessageEntity extends InboxRecord {
  @Column({ name: 'first_name', type: 'text' })
  firstName: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName: string;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text' })
  subject: ContactSubject;

  @Column({ type: 'text' })
  message: string;

  @Column({ name: 'how_heard_about_us', type: 'text', nullable: true })
  howHeardAboutUs: HowHeardAboutUs | null;

  @Column({ name: 'wants_newsletter', type: 'boolean', default: false })
  wantsNewsletter: boolean;
}

export const toContactMessage = (row: ContactMessageEntity): ContactMessage => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  subject: row.subject,
  message: row.message,
  howHeardAboutUs: row.howHeardAboutUs,
  wantsNewsletter: row.wantsNewsletter,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
