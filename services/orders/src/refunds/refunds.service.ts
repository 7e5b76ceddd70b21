import { OrdersEvents, ORDER_STATUS_LABELS, type RefundOrderMessage } from '@km/contracts';
import {
  AppError,
  commitWithEvents,
  type RecordEvent,
  ConflictError,
  InvalidError,
  OutboxRelayRunner,
  SERVICE_CONFIG,
  SERVICE_LOGGER,
  UnavailableError,
} from '@km/nest-kit';
import { STRIPE } from '@km/nest-kit/stripe';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import type { OrdersConfig } from '../config';
import { OrderLine } from '../orders/order-line.entity';
import { OrderPaymentsService, type ChargeFacts } from '../orders/order-payments.service';
import { fulfilmentStatusOf, lockOrder, PAID_STATUSES, refundStatus, reversedCents, writeStep } from '../orders/order-steps';
import { Order } from '../orders/order.entity';
import { formatCents, toCents } from '../pricing/money';
import { RepeatingSweep } from '../orders/repeating-sweep';
import { Refund, type RefundLine } from './refund.entity';

/** What a refund asks for: lines (with quantities and restock) and/or an amount. */
export interface RefundAsk {
  amount?: string;
  lines: { lineId: string; quantity: number; restock: boolean }[];
  reason: string;
  actor: string;
}

/** A pending refund with what Stripe is asked for it (read with the row, so asking needs no database). */
export interface RefundToAsk {
  refund: Refund;
  paymentIntentId: string;
  orderNumber: string;
}

/** The metadata key naming our refund row on Stripe's refund: its webhooks find the row by it. */
export const REFUND_ROW_KEY = 'km_refund_id';

/**
 * Refunds through Stripe's refunds API, never more than was paid (ADR 0035). A refund is decided under the order's lock:
 * what is left is the payment less everything refunded or being refunded (pending rows count), and the row is inserted
 * `pending` in that transaction. Stripe is called after the commit with the row's id as idempotency key, so a crash
 * anywhere leaves one refund at most: the row is settled from Stripe's answer, from `refund.created`/`refund.updated`
 * (the refund carries the row's id in its metadata), or by asking Stripe again with the same key.
 */
@Injectable()
export class RefundsService implements OnApplicationBootstrap, OnApplicationShutdown {
  /** Rows a crash left pending are asked again: at start, then on every interval. */
  private readonly sweep: RepeatingSweep;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
    private readonly payments: OrderPaymentsService,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(SERVICE_CONFIG) private readonly config: OrdersConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.sweep = new RepeatingSweep('the sweep of pending refunds', () => this.askPendingAgain(), logger);
  }

  onApplicationBootstrap() {
    this.sweep.start(this.config.refundRetryIntervalMs, true);
  }

  onApplicationShutdown() {
    return this.sweep.stop();
  }

  /** A staff refund of an order (by number): decided and recorded, then asked of Stripe. Answers the order's id. */
  async refundOrder(message: RefundOrderMessage): Promise<void> {
    const asked = await commitWithEvents(this.dataSource, this.outbox, async (manager) => {
      const order = await lockOrder(manager, { orderNumber: message.orderNumber });
      return this.decide(manager, order, message, 'refund');
    });
    await this.askStripe(asked);
  }

  /**
   * Decides a refund on an order the caller has locked, and inserts its pending row (ADR 0035). Throws a clear 4xx for
   * a line the order does not have, more units than are left of a line, or more money than is left to refund.
   */
  async decide(manager: EntityManager, order: Order, ask: RefundAsk, cause: Refund['cause']): Promise<RefundToAsk> {
    if (!PAID_STATUSES.includes(order.status) || order.amountReceived === null) {
      throw new ConflictError(
        'order_not_refundable',
        order.status === 'refunded'
          ? `Order ${order.orderNumber} is refunded in full already: nothing is left to refund.`
          : `Order ${order.orderNumber} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: only a paid order can be refunded.`,
      );
    }
    const lines = refundLines(order, ask.lines);
    const refundableCents = await this.refundableCents(manager, order);
    const amountCents = ask.amount !== undefined ? toCents(ask.amount) : linesAmountCents(order, lines);
    if (amountCents <= 0)
      throw new InvalidError('these lines come to 0.00: give the amount to refund', { fields: [{ field: 'amount', message: 'give the amount to refund' }] });
    if (amountCents > refundableCents) {
      throw new ConflictError(
        'refund_exceeds_remaining',
        refundableCents === 0
          ? `Nothing is left to refund on order ${order.orderNumber}: everything paid is refunded or being refunded.`
          : `Only ${formatCents(refundableCents)} is left to refund on order ${order.orderNumber}, less than ${formatCents(amountCents)}.`,
        { refundable: formatCents(refundableCents) },
      );
    }
    const refund = manager.create(Refund, {
      id: randomUUID(),
      orderId: order.id,
      amount: formatCents(amountCents),
      reason: ask.reason,
      status: 'pending',
      stripeRefundId: null,
      failure: null,
      lines,
      cause,
      actor: ask.actor,
    });
    await manager.insert(Refund, refund);
    for (const line of lines) {
      const orderLine = order.lines.find((l) => l.id === line.lineId)!;
      orderLine.quantityRefunded += line.quantity;
      await manager.update(OrderLine, { id: line.lineId }, { quantityRefunded: orderLine.quantityRefunded });
    }
    if (lines.length > 0) await manager.update(Order, { id: order.id }, { fulfilmentStatus: fulfilmentStatusOf(order.lines) });
    return { refund, paymentIntentId: order.paymentIntentId, orderNumber: order.orderNumber };
  }

  /**
   * What may still be refunded of a locked order: what Stripe received, less the larger of what Stripe reports refunded
   * (plus our refunds still pending) and our refunds not failed. A sum from Stripe is applied with our rows it counts
   * settled ({@link madeAtStripe}), so a row is pending or in Stripe's sum, not both; only when Stripe could not list
   * them is one counted once too many (a refund refused that would fit), never once too few: never more than was paid.
   */
  async refundableCents(manager: EntityManager, order: Order): Promise<number> {
    const [sums]: { pending: string; live: string }[] = await manager.query(
      `SELECT coalesce(sum(amount) FILTER (WHERE status = 'pending'), 0) AS pending, coalesce(sum(amount) FILTER (WHERE status <> 'failed'), 0) AS live
       FROM refunds WHERE order_id = $1`,
      [order.id],
    );
    const refunded = toCents(order.amountRefunded) - (await reversedCents(manager, order.id));
    const taken = Math.max(refunded + toCents(sums.pending), toCents(sums.live));
    return Math.max(0, toCents(order.amountReceived ?? '0.00') - taken);
  }

  /**
   * Asks Stripe for a pending refund, with the row's id as idempotency key (a repeat gets the same refund back). An
   * error answer fails the row and tells staff why (409); no answer leaves it pending for the next sweep (503).
   */
  async askStripe({ refund, paymentIntentId, orderNumber }: RefundToAsk): Promise<void> {
    let answer: Stripe.Refund;
    try {
      // The same parameters every time for the same row: Stripe answers a repeated key only for the same request.
      answer = await this.stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          amount: toCents(refund.amount),
          reason: 'requested_by_customer',
          metadata: { [REFUND_ROW_KEY]: refund.id, order_number: orderNumber },
        },
        { idempotencyKey: `km-refund-${refund.id}` },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
        this.logger.warn({ err: error, refundId: refund.id }, 'Stripe refused a refund');
        await this.fail(refund.id, error.message);
        throw new ConflictError('refund_failed', `Stripe refused the refund of ${refund.amount}: ${error.message}`);
      }
      this.logger.warn({ err: error, refundId: refund.id }, 'Stripe did not answer a refund; it stays pending and is asked again');
      throw new UnavailableError(
        `Stripe did not answer. The refund of ${refund.amount} is recorded as pending and will be asked again with the same key, so it happens at most once; check the order in a minute.`,
      );
    }
    if (answer.status === 'failed' || answer.status === 'canceled') {
      const why = answer.failure_reason ?? answer.status;
      await this.fail(refund.id, why);
      throw new ConflictError('refund_failed', `Stripe could not refund ${refund.amount}: ${why}.`);
    }
    const charge = typeof answer.charge === 'string' ? await this.stripe.charges.retrieve(answer.charge).catch(() => null) : null;
    await this.settle(refund.id, answer.id, charge, charge ? await this.madeAtStripe(paymentIntentId, refund.id) : undefined);
  }

  /**
   * A refund Stripe made: the row becomes `succeeded` once (a guarded update; Stripe's answer and its webhooks may
   * both arrive), its step goes on the timeline and restocked units are published. With the charge at hand the order
   * takes its refunded sum through the one money path (OrderPaymentsService.applyRefund); otherwise `charge.refunded`
   * brings it. `made` (from {@link madeAtStripe}, read after the charge) settles with that sum the order's other rows
   * it counts, so none is counted twice, as pending and as refunded.
   */
  async settle(
    refundId: string,
    stripeRefundId: string,
    charge: Stripe.Charge | null,
    made = new Map<string, string>(),
  ): Promise<'refund_succeeded' | 'unchanged'> {
    return commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
      const row = await manager.findOneBy(Refund, { id: refundId });
      if (!row) return 'unchanged';
      const order = await lockOrder(manager, { id: row.orderId });
      if (charge) await this.payments.applyRefund(manager, order, charge.amount_refunded, new Date(), chargeFacts(charge));
      const settled = await this.settleRow(manager, record, order, refundId, stripeRefundId);
      await this.settleMade(manager, record, order, made);
      return settled ? 'refund_succeeded' : 'unchanged';
    });
  }

  /**
   * Our rows of a payment that Stripe has made (row id → Stripe's refund id), listed when the order has rows pending
   * besides `except`; else none. A refunded sum Stripe reported before this call counts only refunds listed here: each
   * was asked after its row committed, and Stripe's list only grows. If Stripe cannot be asked, none: the rows stay
   * pending and are counted once too many (a refund refused that would fit), never once too few.
   */
  async madeAtStripe(paymentIntentId: string, except?: string): Promise<Map<string, string>> {
    const made = new Map<string, string>();
    const [{ pending }]: { pending: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS pending FROM refunds r JOIN orders o ON o.id = r.order_id
       WHERE o.payment_intent_id = $1 AND r.status = 'pending' AND r.id IS DISTINCT FROM $2::uuid`,
      [paymentIntentId, except ?? null],
    );
    if (pending === 0) return made;
    try {
      for await (const refund of this.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) {
        const rowId = refund.metadata?.[REFUND_ROW_KEY];
        if (rowId && refund.status !== 'failed' && refund.status !== 'canceled') made.set(rowId, refund.id);
      }
    } catch (error) {
      this.logger.warn({ err: error, paymentIntentId }, 'Stripe did not list the refunds of a payment; its pending rows are settled later');
      made.clear();
    }
    return made;
  }

  /** Settles the locked order's pending rows that `made` names (see {@link madeAtStripe}), in the caller's transaction. */
  async settleMade(manager: EntityManager, record: RecordEvent, order: Order, made: Map<string, string>): Promise<void> {
    if (made.size === 0) return;
    const pending = await manager.findBy(Refund, { orderId: order.id, status: 'pending' });
    for (const row of pending) {
      const stripeRefundId = made.get(row.id);
      if (stripeRefundId) await this.settleRow(manager, record, order, row.id, stripeRefundId);
    }
  }

  /** One pending row of a locked order becomes `succeeded` (guarded), with its step and its restock; false if it was not pending. */
  private async settleRow(manager: EntityManager, record: RecordEvent, order: Order, refundId: string, stripeRefundId: string): Promise<boolean> {
    // TypeORM answers an UPDATE … RETURNING as [rows, count]; the row's own columns come back with it.
    const [[row]]: [Pick<Refund, 'amount' | 'reason' | 'actor' | 'cause' | 'lines'>[], number] = await manager.query(
      `UPDATE refunds SET status = 'succeeded', stripe_refund_id = $2, updated_at = now() WHERE id = $1 AND status = 'pending'
       RETURNING amount, reason, actor, cause, lines`,
      [refundId, stripeRefundId],
    );
    if (!row) return false;
    const [{ total }]: { total: string }[] = await manager.query(
      `SELECT greatest(o.amount_refunded, (SELECT coalesce(sum(amount), 0) FROM refunds WHERE order_id = o.id AND status = 'succeeded'))::numeric(12,2) AS total
       FROM orders o WHERE o.id = $1`,
      [order.id],
    );
    await writeStep(manager, order.id, 'refunded', { refundId, amount: row.amount, refundedTotal: total, reason: row.reason }, row.actor);
    const restock = row.lines.filter((l) => l.restock).map((l) => ({ productId: l.productId, quantity: l.quantity }));
    if (restock.length > 0) {
      await record(OrdersEvents.restocked, { orderId: order.id, orderNumber: order.orderNumber, lines: restock, reason: row.cause });
    }
    return true;
  }

  /**
   * A refund Stripe refused, or later reported failed (`refund.updated`): the row fails once, its line units are counted
   * out again, and the step goes on the timeline. One that had succeeded gives its amount back to what may be refunded.
   */
  async fail(refundId: string, why: string, stripeRefundId: string | null = null): Promise<'refund_failed' | 'unchanged'> {
    return commitWithEvents(this.dataSource, this.outbox, async (manager) => {
      const row = await manager.findOneBy(Refund, { id: refundId });
      if (!row) return 'unchanged';
      const order = await lockOrder(manager, { id: row.orderId });
      const [[failed]]: [{ id: string }[], number] = await manager.query(
        `UPDATE refunds SET status = 'failed', failure = $2, stripe_refund_id = coalesce(stripe_refund_id, $3), updated_at = now()
         WHERE id = $1 AND status <> 'failed' RETURNING id`,
        [refundId, why.slice(0, 500), stripeRefundId],
      );
      if (!failed) return 'unchanged';
      for (const line of row.lines) {
        const orderLine = order.lines.find((l) => l.id === line.lineId);
        if (!orderLine) continue;
        orderLine.quantityRefunded = Math.max(0, orderLine.quantityRefunded - line.quantity);
        await manager.update(OrderLine, { id: line.lineId }, { quantityRefunded: orderLine.quantityRefunded });
      }
      // A refund Stripe made and then failed is counted out of what the order has refunded (reversedCents), not taken off
      // `amount_refunded`: that keeps the largest sum Stripe reported, so a late `charge.refunded` changes nothing.
      const refunded = toCents(order.amountRefunded) - (await reversedCents(manager, order.id));
      await manager.update(Order, { id: order.id }, { fulfilmentStatus: fulfilmentStatusOf(order.lines), status: refundStatus(order, refunded) });
      await writeStep(manager, order.id, 'refund_failed', { refundId, amount: row.amount, reason: row.reason, message: why }, row.actor);
      return 'refund_failed';
    });
  }

  /** `refund.created` / `refund.updated` from Stripe: settles or fails our row (found by the refund's metadata). */
  async fromStripe(refund: Stripe.Refund): Promise<'refund_succeeded' | 'refund_failed' | 'unchanged' | 'ignored'> {
    const rowId = refund.metadata?.[REFUND_ROW_KEY];
    // A refund made in Stripe's dashboard has no row: `charge.refunded` brings its money to the order.
    if (!rowId || !/^[0-9a-f-]{36}$/.test(rowId)) return 'ignored';
    if (refund.status === 'failed' || refund.status === 'canceled') return this.fail(rowId, refund.failure_reason ?? refund.status, refund.id);
    return this.settle(rowId, refund.id, null);
  }

  /** Pending rows older than the retry delay are asked of Stripe again with their key (a crash left them; ADR 0035). */
  private async askPendingAgain(): Promise<void> {
    const rows: { id: string; payment_intent_id: string; order_number: string }[] = await this.dataSource.query(
      `SELECT r.id, o.payment_intent_id, o.order_number FROM refunds r JOIN orders o ON o.id = r.order_id
       WHERE r.status = 'pending' AND r.created_at < now() - make_interval(secs => $1) ORDER BY r.created_at LIMIT 50`,
      [this.config.refundRetryAfterMs / 1000],
    );
    for (const row of rows) {
      const refund = await this.dataSource.getRepository(Refund).findOneByOrFail({ id: row.id });
      // A refusal fails its row; no answer leaves it for the next pass.
      await this.askStripe({ refund, paymentIntentId: row.payment_intent_id, orderNumber: row.order_number }).catch((error) => {
        if (!(error instanceof AppError)) throw error;
      });
    }
  }
}

/** The card of a charge, for the refund email. */
export function chargeFacts(charge: Stripe.Charge): ChargeFacts {
  const card = charge.payment_method_details?.card;
  return { chargeId: charge.id, cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null };
}

/** The order's lines a refund names, checked: each a line of this order, for no more units than are left of it. */
function refundLines(order: Order, asked: RefundAsk['lines']): RefundLine[] {
  const problems: { field: string; message: string }[] = [];
  const lines = asked.flatMap((ask, i) => {
    const line = order.lines.find((l) => l.id === ask.lineId);
    if (!line) {
      problems.push({ field: `lines.${i}.lineId`, message: `order ${order.orderNumber} has no line ${ask.lineId}` });
      return [];
    }
    const left = line.quantity - line.quantityRefunded;
    if (ask.quantity > left) {
      problems.push({
        field: `lines.${i}.quantity`,
        message: `only ${left} of ${line.quantity} × ${line.productName} ${left === 1 ? 'is' : 'are'} left to refund, not ${ask.quantity}`,
      });
      return [];
    }
    return [{ lineId: line.id, productId: line.productId, productName: line.productName, quantity: ask.quantity, restock: ask.restock }];
  });
  if (problems.length > 0) throw new InvalidError(problems.map((p) => `${p.field}: ${p.message}`).join('; '), { fields: problems });
  return lines;
}

/**
 * What refunded lines come to: their price with their share of the member discount and of the tax (shipping is refunded
 * only by amount), rounded to the cent.
 */
function linesAmountCents(order: Order, lines: RefundLine[]): number {
  const subtotal = toCents(order.subtotal);
  if (subtotal === 0) return 0;
  const charged = subtotal - toCents(order.memberDiscount) + toCents(order.tax);
  const goods = lines.reduce((sum, l) => sum + toCents(order.lines.find((ol) => ol.id === l.lineId)!.unitPrice) * l.quantity, 0);
  return Math.round((goods * charged) / subtotal);
}
