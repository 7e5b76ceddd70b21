import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** An event written in the same transaction as the change it describes; the relay publishes it after commit. */
@Entity({ name: 'outbox' })
@Index('outbox_unpublished_idx', ['occurredAt'], { where: 'published_at IS NULL' })
export class OutboxEvent {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ type: 'jsonb' })
  data: unknown;

  @CreateDateColumn({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;
}

/** Event ids a durable consumer has already handled, so a redelivery changes nothing. */
@Entity({ name: 'handled_events' })
export class HandledEvent {
  @PrimaryColumn({ type: 'text' })
  consumer: string;

  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId: string;

  @CreateDateColumn({ name: 'handled_at', type: 'timestamptz' })
  handledAt: Date;
}
