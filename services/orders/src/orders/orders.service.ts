import {
  OrdersEvents,
  type BuyerOrder,
  type CreateOrderRequest,
  type FindOrderRequest,
  type ListOrdersRequest,
  type OrderPaidEvent,
  type OrderPaymentFailedEvent,
  type OrderPlacedEvent,
  type OrdersPage,
  type PlacedOrder,
} from '@km/contracts';
import { AppError, OutboxRelayRunner, recordEvent, SERVICE_LOGGER } from '@km/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { PaymentIntentsService } from '../payments/payment-intents.service';
import { StripeEventRecord } from '../payments/stripe-event.entity';
import { CartPricing, type PricedCart } from '../pricing/cart-pricing';
import { toCents } from '../pricing/money';
import { OrderLine } from './order-line.entity';
import { normalizeOrderNumber } from './order-number';
import { OrderNumbers } from './order-numbers';
import { initialStatus, nextStatus, PAYMENT_SIGNALS, type PaymentSignal } from './order-status';
import { toBuyerOrder, toOrderSummary, toPlacedOrder, type OrderSummaryRow } from './order-views';
import { Order } from './order.entity';
import { lockPaymentIntent } from './payment-intent-lock';

/** 32^8 ≈ 1.1·10^12 numbers: a draw hits a taken one with odds (orders so far) / 10^12, so five draws is plenty. */
const ORDER_NUMBER_ATTEMPTS = 5;

@Injectable()
export class OrdersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
    private readonly pricing: CartPricing,
    private readonly paymentIntents: PaymentIntentsService,
    private readonly numbers: OrderNumbers,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * One order per payment intent. A repeat (a retry, a double click, two tabs) returns the existing order and
   * re-prices nothing, so it succeeds even after the catalog changed.
   */
  async create(request: CreateOrderRequest): Promise<PlacedOrder> {
    const existing = await this.dataSource.getRepository(Order).findOneBy({ paymentIntentId: request.paymentIntentId });
    if (existing) return toPlacedOrder(existing, false);

    const cart = await this.pricing.price(request.items);
    await this.paymentIntents.assertChargesTotal(request.paymentIntentId, cart);
    this.logClientTotals(request, cart);

    const placed = await this.dataSource.transaction((manager) => this.insert(manager, request, cart));
    if (placed.created) this.outbox.relay.kick();
    return placed;
  }

  private async insert(manager: EntityManager, request: CreateOrderRequest, cart: PricedCart): Promise<PlacedOrder> {
    await lockPaymentIntent(manager, request.paymentIntentId);
    const raced = await manager.findOneBy(Order, { paymentIntentId: request.paymentIntentId });
    if (raced) return toPlacedOrder(raced, false);

    // Stripe may have reported on this payment before the browser created the order.
    const early = await manager.find(StripeEventRecord, { where: { paymentIntentId: request.paymentIntentId }, order: { stripeCreatedAt: 'ASC' } });
    const signals = early.map((e) => PAYMENT_SIGNALS[e.type]).filter((s): s is PaymentSignal => s !== undefined);
    const status = initialStatus(signals);
    const succeeded = early.find((e) => PAYMENT_SIGNALS[e.type] === 'succeeded');

    const values = {
      paymentIntentId: request.paymentIntentId,
      status,
      customerEmail: request.customerEmail,
      customerName: request.customerName,
      customerPhone: request.customerPhone ?? null,
      shippingAddress: request.shippingAddress,
      billingAddress: request.billingAddress ?? request.shippingAddress,
      ...cart.totals,
      paidAt: status === 'paid' ? succeeded!.stripeCreatedAt : null,
    };
    const order = await this.insertWithFreshNumber(manager, values);
    await manager.insert(
      OrderLine,
      cart.lines.map((line, position) => ({
        orderId: order.id,
        position,
        productId: line.productId,
        productName: line.productName,
        unitPrice: line.productPrice,
        quantity: line.quantity,
        lineTotal: line.subtotal,
      })),
    );
    const facts = { orderId: order.id, orderNumber: order.orderNumber, email: order.customerEmail, total: order.total };
    await recordEvent<OrderPlacedEvent>(manager, OrdersEvents.placed, facts);
    if (status === 'paid') await recordEvent<OrderPaidEvent>(manager, OrdersEvents.paid, facts);
    if (status === 'payment_failed') await recordEvent<OrderPaymentFailedEvent>(manager, OrdersEvents.paymentFailed, { orderId: order.id, orderNumber: order.orderNumber });
    return toPlacedOrder(order, true);
  }

  /** Draws order numbers until one is free; a taken number skips the row instead of failing the transaction. */
  private async insertWithFreshNumber(manager: EntityManager, values: Omit<Partial<Order>, 'orderNumber'>): Promise<Order> {
    for (let attempt = 1; attempt <= ORDER_NUMBER_ATTEMPTS; attempt++) {
      const result = await manager
        .createQueryBuilder()
        .insert()
        .into(Order)
        .values({ ...values, orderNumber: this.numbers.next() })
        .orIgnore()
        .returning('id')
        .execute();
      const [row] = result.raw as { id: string }[];
      if (row) return manager.findOneByOrFail(Order, { id: row.id });
    }
    throw new Error(`no free order number after ${ORDER_NUMBER_ATTEMPTS} attempts`);
  }

  /**
   * Applies what Stripe reported to an order the caller has locked. Returns the new status, or null when the
   * order was already there (a late failure after payment, a repeated success).
   */
  async applyPaymentSignal(manager: EntityManager, order: Order, signal: PaymentSignal, at: Date, amountCents: number): Promise<'paid' | 'payment_failed' | null> {
    const status = nextStatus(order.status, signal);
    if (status === order.status) return null;
    if (status === 'paid' && amountCents !== toCents(order.total)) {
      this.logger.error({ orderNumber: order.orderNumber, total: order.total, amountCents }, 'Stripe reports a payment whose amount differs from the order total; check this order');
    }
    await manager.update(Order, { id: order.id }, { status, ...(status === 'paid' ? { paidAt: at } : {}) });
    if (status === 'paid') {
      await recordEvent<OrderPaidEvent>(manager, OrdersEvents.paid, { orderId: order.id, orderNumber: order.orderNumber, email: order.customerEmail, total: order.total });
    } else {
      await recordEvent<OrderPaymentFailedEvent>(manager, OrdersEvents.paymentFailed, { orderId: order.id, orderNumber: order.orderNumber });
    }
    return status;
  }

  /** The buyer's view. An unknown number and a wrong email get the same answer, so neither can be probed. */
  async findForBuyer({ orderNumber, email }: FindOrderRequest): Promise<BuyerOrder> {
    const number = normalizeOrderNumber(orderNumber);
    const order = number ? await this.dataSource.getRepository(Order).findOne({ where: { orderNumber: number }, relations: { lines: true } }) : null;
    if (!order || order.customerEmail.toLowerCase() !== email.trim().toLowerCase()) {
      throw new AppError('not_found', `We could not find order ${orderNumber.trim()} for that email address. Check both against your confirmation email.`);
    }
    return toBuyerOrder(order);
  }

  async list({ page, pageSize, status }: ListOrdersRequest): Promise<OrdersPage> {
    const where = status ? 'WHERE o.status = $1' : '';
    const params = status ? [status] : [];
    const [{ count }] = await this.dataSource.query(`SELECT count(*)::int AS count FROM orders o ${where}`, params);
    const rows: OrderSummaryRow[] = await this.dataSource.query(
      `SELECT o.order_number, o.status, o.customer_name, o.customer_email, o.total, o.created_at, o.paid_at,
              (SELECT coalesce(sum(l.quantity), 0) FROM order_lines l WHERE l.order_id = o.id) AS item_count
       FROM orders o ${where}
       ORDER BY o.created_at DESC, o.id DESC
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    );
    return { items: rows.map(toOrderSummary), total: count, page, pageSize };
  }

  private logClientTotals(request: CreateOrderRequest, cart: PricedCart) {
    const differs = (['subtotal', 'tax', 'shipping', 'total'] as const).filter((k) => request[k] !== undefined && Number(request[k]).toFixed(2) !== cart.totals[k]);
    if (differs.length > 0) {
      this.logger.info({ paymentIntentId: request.paymentIntentId, fields: differs, server: cart.totals }, 'client totals differ from the server totals; the server totals are kept');
    }
  }
}
