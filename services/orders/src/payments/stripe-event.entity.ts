import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A Stripe event we acted on (or recorded for an order still to come); the id makes redeliveries no-ops. */
@Entity({ name: 'stripe_events' })
export class StripeEventRecord {
  @PrimaryColumn({ name: 'event_id', type: 'text' })
  eventId: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ name: 'payment_intent_id', type: 'text' })
  paymentIntentId: string;

  @Column({ name: 'stripe_created_at', type: 'timestamptz' })
  stripeCreatedAt: Date;

  /** For a success: what Stripe received (cents), in which currency, for which cart (the intent's metadata). */
  @Column({ name: 'amount_received', type: 'integer', nullable: true })
  amountReceived: number | null;

  @Column({ type: 'text', nullable: true })
  currency: string | null;

  @Column({ name: 'cart_fingerprint', type: 'text', nullable: true })
  cartFingerprint: string | null;

  /** For `charge.refunded`: the charge's refunded sum so far (cents). */
  @Column({ name: 'amount_refunded', type: 'integer', nullable: true })
  amountRefunded: number | null;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;
}
