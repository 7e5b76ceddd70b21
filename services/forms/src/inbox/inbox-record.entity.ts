import type { InboxStatus } from '@km/contracts';
import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { InboxRow } from './inbox';

/** The columns every submission table shares (the migration's INBOX_COLUMNS): each kind's entity extends it. */
export abstract class InboxRecord implements InboxRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', default: 'new' })
  status: InboxStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
