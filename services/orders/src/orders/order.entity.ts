import type { FulfilmentStatus, OrderStatus } from '@km/contracts';
import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { OrderLine } from './order-line.entity';

@Entity({ name: 'orders' })
export class Order {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'order_number', type: 'text' })
  orderNumber: string;

  @Column({ name: 'payment_intent_id', type: 'text' })
  paymentIntentId: string;

  @Column({ type: 'text' })
  status: OrderStatus;

  @Column({ name: 'customer_email', type: 'text' })
  customerEmail: string;

  @Column({ name: 'customer_name', type: 'text' })
  customerName: string;

  @Column({ name: 'customer_phone', type: 'text', nullable: true })
  customerPhone: string | null;

  @Column({ name: 'shipping_address', type: 'text' })
  shippingAddress: string;

  @Column({ name: 'billing_address', type: 'text' })
  billingAddress: string;

  /** numeric(12,2) comes back from Postgres as a two-decimal string, which is what the API sends. */
  @Column({ type: 'numeric', precision: 12, scale: 2 })
  subtotal: string;

  /** The member discount off the subtotal; "0.00" for buyers who are not active members. */
  @Column({ name: 'member_discount', type: 'numeric', precision: 12, scale: 2 })
  memberDiscount: string;

  /** The Marketshare member who got the discount; null for everyone else. */
  @Column({ name: 'member_id', type: 'uuid', nullable: true })
  memberId: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  tax: string;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  shipping: string;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  total: string;

  /** The priced cart (products, quantities, unit prices) the payment intent was checked against; null on old orders. */
  @Column({ name: 'cart_fingerprint', type: 'text', nullable: true })
  cartFingerprint: string | null;

  /** What Stripe reported as received when the payment succeeded, in `receivedCurrency`. */
  @Column({ name: 'amount_received', type: 'numeric', precision: 12, scale: 2, nullable: true })
  amountReceived: string | null;

  @Column({ name: 'received_currency', type: 'text', nullable: true })
  receivedCurrency: string | null;

  /** What Stripe has refunded of the order's charge so far (the largest `amount_refunded` seen). */
  @Column({ name: 'amount_refunded', type: 'numeric', precision: 12, scale: 2 })
  amountRefunded: string;

  /** How far the order has shipped (ADR 0034), apart from its money status. */
  @Column({ name: 'fulfilment_status', type: 'text', default: 'unfulfilled' })
  fulfilmentStatus: FulfilmentStatus;

  /** The charge Stripe made for the payment, and its card (for the refund email); null until a refund or payment told us. */
  @Column({ name: 'charge_id', type: 'text', nullable: true })
  chargeId: string | null;

  @Column({ name: 'card_brand', type: 'text', nullable: true })
  cardBrand: string | null;

  @Column({ name: 'card_last4', type: 'text', nullable: true })
  cardLast4: string | null;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  @OneToMany(() => OrderLine, (line) => line.order)
  lines: OrderLine[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt: Date | null;
}
