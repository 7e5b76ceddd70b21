import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Order } from './order.entity';

/** A line as priced from the catalog when the order was placed; later catalog changes do not touch it. */
@Entity({ name: 'order_lines' })
export class OrderLine {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @ManyToOne('Order', (order: Order) => order.lines, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order: Order;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  /** Keeps the cart's order of lines. */
  @Column({ type: 'integer' })
  position: number;

  @Column({ name: 'product_id', type: 'uuid' })
  productId: string;

  @Column({ name: 'product_name', type: 'text' })
  productName: string;

  @Column({ name: 'unit_price', type: 'numeric', precision: 12, scale: 2 })
  unitPrice: string;

  @Column({ type: 'integer' })
  quantity: number;

  @Column({ name: 'line_total', type: 'numeric', precision: 12, scale: 2 })
  lineTotal: string;

  /** False for services and digital items: nothing to ship (copied from the catalog's kind at placement, ADR 0034). */
  @Column({ name: 'requires_shipping', type: 'boolean', default: true })
  requiresShipping: boolean;

  @Column({ name: 'quantity_fulfilled', type: 'integer', default: 0 })
  quantityFulfilled: number;

  /** Units refunded by line (ADR 0035), counted when the refund is asked and given back if Stripe refuses it. */
  @Column({ name: 'quantity_refunded', type: 'integer', default: 0 })
  quantityRefunded: number;
}
