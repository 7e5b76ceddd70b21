import { OrdersEvents, type OrderStatus } from '@km/contracts';
import { recordEvent, SERVICE_LOGGER } from '@km/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { formatCents, toCents } from '../pricing/money';
import { nextStatus, outcomeOf, PAYMENT_SIGNALS, paymentMismatches, type PayableOrder, type PaymentSignal, type ReceivedPayment } from './order-status';
import { Order } from './order.entity';
import { refundStatus, reversedCents } from './order-steps';
import { lockPaymentIntent } from './payment-intent-lock';

/**
 * What Stripe's reports may change on an order: its payment status and its refunds. The webhook handler calls this
 * and nothing else of the order, so the order never depends on how payments reach it.
 */
@Injectable()
export class OrderPaymentsService {
  constructor(@Inject(SERVICE_LOGGER) private readonly logger: Logger) {}

  /** The signal a Stripe event type gives about a payment, if any. */
  signalOf(eventType: string): PaymentSignal | undefined {
    return PAYMENT_SIGNALS[eventType];
  }

  /** Takes the intent's lock (until the caller's transaction ends) and reads the intent's order, if it has one yet. */
  async lockOrderOf(manager: EntityManager, paymentIntentId: string): Promise<Order | null> {
    await lockPaymentIntent(manager, paymentIntentId);
    return manager.findOneBy(Order, { paymentIntentId });
  }

  /**
   * Applies what Stripe reported to an order the caller has locked. A success pays the order only when it took exactly
   * the order's total, in USD, for the order's cart; otherwise the order goes to review. Returns the new status, or
   * null when nothing changed (a late failure after payment, a repeated success).
   */
  async applyPaymentSignal(
    manager: EntityManager,
    order: Order,
    signal: PaymentSignal,
    at: Date,
    received: ReceivedPayment | null,
    chargeId: string | null = null,
  ): Promise<OrderStatus | null> {
    const status = nextStatus(order.status, outcomeOf(signal, payableOf(order), received));
    if (status === order.status) return null;
    const receivedValues =
      signal === 'succeeded' && received
        ? { amountReceived: formatCents(received.amountCents), receivedCurrency: received.currency, ...(chargeId ? { chargeId } : {}) }
        : {};
    await manager.update(Order, { id: order.id }, { status, ...receivedValues, ...(status === 'paid' ? { paidAt: at } : {}) });
    await this.recordStatusEvent(manager, order, status, received);
    return status;
  }

  /**
   * A refund of a locked order's charge. `refundedCents` is the charge's refunded sum so far, so the order keeps the
   * largest one seen: Stripe's events come in any order and more than once, and only an increase is a new refund.
   * Each increase of a paid order is published once (`orders.order.refunded`, same transaction as the row); an order
   * that was never paid sent no `orders.order.paid`, so its refunds take nothing back from anybody's revenue. This is
   * the one path refunds take to money elsewhere (ADR 0016, 0018, 0035): a staff refund reaches it from Stripe's answer
   * or its webhook, whichever is first, and the other finds no increase. A paid order becomes `partially_refunded`, then
   * `refunded` once the whole payment is back (a cancelled one stays cancelled).
   */
  async applyRefund(
    manager: EntityManager,
    order: Order,
    refundedCents: number,
    at: Date,
    charge: ChargeFacts | null = null,
  ): Promise<'refunded' | 'unchanged'> {
    const before = toCents(order.amountRefunded);
    const card = charge && !order.cardLast4 ? { chargeId: charge.chargeId, cardBrand: charge.cardBrand, cardLast4: charge.cardLast4 } : {};
    if (refundedCents <= before) {
      if (Object.keys(card).length > 0) await manager.update(Order, { id: order.id }, card);
      return 'unchanged';
    }
    const status = refundStatus(order, refundedCents - (await reversedCents(manager, order.id)));
    await manager.update(Order, { id: order.id }, { amountRefunded: formatCents(refundedCents), status, ...card });
    Object.assign(order, { amountRefunded: formatCents(refundedCents), status, ...card });
    if (order.paidAt) {
      await recordEvent(manager, OrdersEvents.refunded, {
        orderId: order.id,
        orderNumber: order.orderNumber,
        amount: formatCents(refundedCents - before),
        refundedTotal: formatCents(refundedCents),
        refundedAt: at.toISOString(),
      });
    }
    return 'refunded';
  }

  /** The event of an order's new payment status, in the caller's transaction (also for an order born paid). */
  async recordStatusEvent(manager: EntityManager, order: Order, status: OrderStatus, received: ReceivedPayment | null): Promise<void> {
    if (status === 'paid') {
      // Membership adds the discount to the member's savings; other buyers' events carry no member fields.
      const member = order.memberId ? { memberId: order.memberId, memberDiscount: order.memberDiscount } : {};
      await recordEvent(manager, OrdersEvents.paid, {
        orderId: order.id,
        orderNumber: order.orderNumber,
        paymentIntentId: order.paymentIntentId,
        email: order.customerEmail,
        total: order.total,
        ...member,
      });
    } else if (status === 'payment_failed') {
      await recordEvent(manager, OrdersEvents.paymentFailed, { orderId: order.id, orderNumber: order.orderNumber });
    } else if (status === 'payment_review') {
      const got = received ?? { amountCents: 0, currency: 'usd', cartFingerprint: null };
      this.logger.error(
        { orderNumber: order.orderNumber, total: order.total, received: got },
        'Stripe reports a payment that does not match its order; the order waits for review',
      );
      await recordEvent(manager, OrdersEvents.paymentReview, {
        orderId: order.id,
        orderNumber: order.orderNumber,
        paymentIntentId: order.paymentIntentId,
        total: order.total,
        amountReceived: formatCents(got.amountCents),
        currency: got.currency,
        reasons: paymentMismatches(payableOf(order), got),
      });
    }
  }
}

/** What Stripe's charge says about the card it was paid with (the refund email names it). */
export interface ChargeFacts {
  chargeId: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

const payableOf = (order: Order): PayableOrder => ({ totalCents: toCents(order.total), cartFingerprint: order.cartFingerprint });
