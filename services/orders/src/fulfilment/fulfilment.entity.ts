import type { Carrier, TimelineLine } from '@km/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A shipped line: the order's line and how many of its units went in this parcel. */
export interface FulfilmentLine extends TimelineLine {
  lineId: string;
}

/** One shipment of some of an order's lines (ADR 0034). */
@Entity({ name: 'fulfilments' })
export class Fulfilment {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @Column({ type: 'text' })
  status: 'shipped' | 'delivered' | 'undone';

  @Column({ type: 'text' })
  carrier: Carrier;

  @Column({ name: 'tracking_number', type: 'text', nullable: true })
  trackingNumber: string | null;

  @Column({ name: 'tracking_url', type: 'text', nullable: true })
  trackingUrl: string | null;

  @Column({ type: 'jsonb' })
  lines: FulfilmentLine[];

  @Column({ type: 'text' })
  actor: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
