import type { AdminOrder, OrderNoteMessage } from '@km/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Fulfilment } from '../fulfilment/fulfilment.entity';
import { formatCents, toCents } from '../pricing/money';
import { Refund } from '../refunds/refund.entity';
import { RefundsService } from '../refunds/refunds.service';
import { lockOrder, orderByNumber, reversedCents, writeStep } from '../orders/order-steps';
import { OrderTimelineRecord } from '../orders/order-timeline.entity';
import { timelineOf, toPricedLine } from '../orders/order-views';

/** The order as staff see it (every step, notes included), and staff notes. */
@Injectable()
export class AdminOrdersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly refunds: RefundsService,
  ) {}

  async get(orderNumber: string): Promise<AdminOrder> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const order = await orderByNumber(manager, orderNumber);
      const [refunds, fulfilments, steps, refundable, reversed] = await Promise.all([
        manager.find(Refund, { where: { orderId: order.id }, order: { createdAt: 'ASC' } }),
        manager.find(Fulfilment, { where: { orderId: order.id }, order: { createdAt: 'ASC' } }),
        manager.find(OrderTimelineRecord, { where: { orderId: order.id }, order: { createdAt: 'ASC', id: 'ASC' } }),
        this.refunds.refundableCents(manager, order),
        reversedCents(manager, order.id),
      ]);
      return {
        orderNumber: order.orderNumber,
        status: order.status,
        fulfilmentStatus: order.fulfilmentStatus,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        customerPhone: order.customerPhone,
        shippingAddress: order.shippingAddress,
        billingAddress: order.billingAddress,
        paymentIntentId: order.paymentIntentId,
        chargeId: order.chargeId,
        card: order.cardBrand && order.cardLast4 ? { brand: order.cardBrand, last4: order.cardLast4 } : null,
        subtotal: order.subtotal,
        ...(order.memberId ? { memberDiscount: order.memberDiscount } : {}),
        tax: order.tax,
        shipping: order.shipping,
        total: order.total,
        amountReceived: order.amountReceived,
        amountRefunded: formatCents(toCents(order.amountRefunded) - reversed),
        refundable: formatCents(refundable),
        items: order.lines.map((line) => ({
          ...toPricedLine(line),
          lineId: line.id,
          requiresShipping: line.requiresShipping,
          quantityFulfilled: line.quantityFulfilled,
          quantityRefunded: line.quantityRefunded,
        })),
        refunds: refunds.map((r) => ({
          refundId: r.id,
          status: r.status,
          amount: r.amount,
          reason: r.reason,
          stripeRefundId: r.stripeRefundId,
          failure: r.failure,
          lines: r.lines,
          createdAt: r.createdAt.toISOString(),
          actor: r.actor,
        })),
        fulfilments: fulfilments.map((f) => ({
          fulfilmentId: f.id,
          status: f.status,
          carrier: f.carrier,
          trackingNumber: f.trackingNumber,
          trackingUrl: f.trackingUrl,
          lines: f.lines.map(({ productId, productName, quantity }) => ({ productId, productName, quantity })),
          createdAt: f.createdAt.toISOString(),
        })),
        timeline: timelineOf(order, steps),
        createdAt: order.createdAt.toISOString(),
        paidAt: order.paidAt?.toISOString() ?? null,
      };
    });
  }

  async addNote({ orderNumber, text, actor }: OrderNoteMessage): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, { orderNumber });
      await writeStep(manager, order.id, 'note', { text, author: actor }, actor);
    });
  }
}
