import type { ContactMessage, ContactSubject, HowHeardAboutUs, InboxStatus } from '@km/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'contact_messages' })
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'first_name', type: 'text' })
  firstName: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName: string;

  @Column({ type: 'text' })
  email: string;

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

  @Column({ type: 'text', default: 'new' })
  status: InboxStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
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
