import { OrdersEvents, ORDER_STATUS_LABELS, type CancelOrderMessage } from '@km/contracts';
import { commitWithEvents, ConflictError, OutboxRelayRunner, SERVICE_CONFIG, SERVICE_LOGGER, UnavailableError } from '@km/nest-kit';
import { STRIPE } from '@km/nest-kit/stripe';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import type { OrdersConfig } from '../config';
import { lockOrder, PAID_STATUSES, writeStep } from '../orders/order-steps';
import { RepeatingSweep } from '../orders/repeating-sweep';
import { Order } from '../orders/order.entity';
import { Fulfilment } from '../fulfilment/fulfilment.entity';
import { formatCents } from '../pricing/money';
import { RefundsService } from './refunds.service';

const UNPAID: Order['status'][] = ['pending_payment', 'payment_failed'];

/**
 * Cancellation (ADR 0034). Staff cancel an unpaid order (its intent is cancelled at Stripe first, so it can no longer be
 * paid) or a paid one that has not shipped (refunded in full first, with a restock choice). Every replica sweeps unpaid
 * orders older than ABANDONED_ORDER_CANCEL_AFTER_MS the same way with reason `abandoned`; the status change is guarded
 * under the order's lock, so two replicas cancel an order once.
 */
@Injectable()
export class CancellationsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweep: RepeatingSweep;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
    private readonly refunds: RefundsService,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(SERVICE_CONFIG) private readonly config: OrdersConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.sweep = new RepeatingSweep('the sweep of abandoned orders', () => this.cancelAbandoned(), logger);
  }

  onApplicationBootstrap() {
    this.sweep.start(this.config.abandonedOrderSweepMs);
  }

  onApplicationShutdown() {
    return this.sweep.stop();
  }

  async cancel(message: CancelOrderMessage): Promise<void> {
    const order = await this.dataSource.transaction((manager) => lockOrder(manager, { orderNumber: message.orderNumber }));
    if (order.status === 'cancelled') return;
    if (UNPAID.includes(order.status)) {
      await this.cancelIntent(order.paymentIntentId, 'requested_by_customer');
      await this.markCancelled(order.id, message.reason, message.actor, UNPAID);
      return;
    }
    if (!PAID_STATUSES.includes(order.status) && order.status !== 'refunded') {
      throw new ConflictError(
        'order_not_cancellable',
        `Order ${order.orderNumber} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: settle the payment in Stripe first.`,
      );
    }
    const refund = await commitWithEvents(this.dataSource, this.outbox, async (manager) => {
      const locked = await lockOrder(manager, { orderNumber: message.orderNumber });
      await this.refuseShipped(manager, locked);
      if (locked.status === 'refunded') return null;
      const left = await this.refunds.refundableCents(manager, locked);
      if (left === 0) return null;
      const lines = locked.lines
        .filter((l) => l.quantity > l.quantityRefunded)
        .map((l) => ({ lineId: l.id, quantity: l.quantity - l.quantityRefunded, restock: message.restock }));
      return this.refunds.decide(manager, locked, { amount: formatCents(left), lines, reason: message.reason, actor: message.actor }, 'cancel');
    });
    if (refund) await this.refunds.askStripe(refund);
    await this.markCancelled(order.id, message.reason, message.actor, [...PAID_STATUSES, 'refunded']);
  }

  /** Unpaid orders placed longer ago than the configured time: their intents cancelled at Stripe, then the orders. */
  private async cancelAbandoned(): Promise<void> {
    const rows: { id: string; payment_intent_id: string }[] = await this.dataSource.query(
      `SELECT id, payment_intent_id FROM orders WHERE status IN ('pending_payment', 'payment_failed') AND created_at < now() - make_interval(secs => $1)
       ORDER BY created_at LIMIT 100`,
      [this.config.abandonedOrderCancelAfterMs / 1000],
    );
    for (const row of rows) {
      try {
        await this.cancelIntent(row.payment_intent_id, 'abandoned');
        await this.markCancelled(row.id, 'abandoned', null, UNPAID);
      } catch (error) {
        this.logger.warn({ err: error, orderId: row.id }, 'an abandoned order could not be cancelled; the next sweep tries again');
      }
    }
  }

  /** Cancels the intent at Stripe; one already cancelled is fine, one paid or being paid is not (the order is then paid). */
  private async cancelIntent(paymentIntentId: string, reason: 'abandoned' | 'requested_by_customer'): Promise<void> {
    try {
      await this.stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: reason }, { idempotencyKey: `km-cancel-${paymentIntentId}` });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const intent = await this.stripe.paymentIntents.retrieve(paymentIntentId).catch(() => null);
        if (intent?.status === 'canceled') return;
        throw new ConflictError(
          'order_not_cancellable',
          `Stripe could not cancel the payment (${error.message}): it may have been paid meanwhile; reload the order.`,
        );
      }
      throw new UnavailableError('Stripe did not answer; the order was not cancelled. Try again in a moment.');
    }
  }

  /** The status change, once: only from the statuses given, under the order's lock, with its step and event. */
  private async markCancelled(orderId: string, reason: string, actor: string | null, from: Order['status'][]): Promise<void> {
    await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
      const order = await lockOrder(manager, { id: orderId });
      if (!from.includes(order.status)) return;
      await manager.update(Order, { id: order.id }, { status: 'cancelled', cancelledAt: new Date() });
      await writeStep(manager, order.id, 'cancelled', { reason }, actor);
      await record(OrdersEvents.cancelled, { orderId: order.id, orderNumber: order.orderNumber, reason, wasPaid: order.paidAt !== null });
    });
  }

  private async refuseShipped(manager: EntityManager, order: Order): Promise<void> {
    const shipped = await manager.count(Fulfilment, {
      where: [
        { orderId: order.id, status: 'shipped' },
        { orderId: order.id, status: 'delivered' },
      ],
    });
    if (shipped > 0) {
      throw new ConflictError(
        'order_not_cancellable',
        `Order ${order.orderNumber} has shipped: undo its shipments if they never left, or refund what comes back instead of cancelling.`,
      );
    }
  }
}
