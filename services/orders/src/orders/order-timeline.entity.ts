import type { OrderTimelineEntry } from '@km/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A stored step: every kind but the two the order's columns date (`placed`, `paid`). */
export type StoredTimelineEntry = Exclude<OrderTimelineEntry, { kind: 'placed' | 'paid' }>;
export type StoredTimelineKind = StoredTimelineEntry['kind'];
/** What a stored step keeps in `data`: its entry without `kind` and `at` (the row's columns). */
export type TimelineData<K extends StoredTimelineKind> = Omit<Extract<StoredTimelineEntry, { kind: K }>, 'kind' | 'at'>;

/** One step of an order's life (migration 1764100000450). */
@Entity({ name: 'order_timeline' })
export class OrderTimelineRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @Column({ type: 'text' })
  kind: StoredTimelineKind;

  @Column({ type: 'jsonb' })
  data: Record<string, unknown>;

  /** Who took the step: a staff user's id, or null when the system did (a webhook, a job). */
  @Column({ type: 'text', nullable: true })
  actor: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
