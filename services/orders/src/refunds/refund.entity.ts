import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/** A refunded line as the refund row keeps it (the order's line, its quantity, and whether the units go back to stock). */
export interface RefundLine {
  lineId: string;
  productId: string;
  productName: string;
  quantity: number;
  restock: boolean;
}

/**
 * One refund asked of Stripe (ADR 0035): inserted `pending` under the order's lock before Stripe is called, its id the
 * idempotency key, then settled from Stripe's answer or its webhooks, whichever comes first.
 */
@Entity({ name: 'refunds' })
export class Refund {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  amount: string;

  @Column({ type: 'text' })
  reason: string;

  @Column({ type: 'text' })
  status: RefundStatus;

  @Column({ name: 'stripe_refund_id', type: 'text', nullable: true })
  stripeRefundId: string | null;

  @Column({ type: 'text', nullable: true })
  failure: string | null;

  @Column({ type: 'jsonb' })
  lines: RefundLine[];

  /** A cancellation's full refund restocks with reason `cancel`. */
  @Column({ type: 'text' })
  cause: 'refund' | 'cancel';

  @Column({ type: 'text' })
  actor: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
