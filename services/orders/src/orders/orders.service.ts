import type { EventData } from '@km/contracts/common';
import {
  OrdersEvents,
  type BuyerOrder,
  type CreateOrderRequest,
  type OrderMessage,
  type FindOrderRequest,
  type FindMemberOrderRequest,
  type ListMemberOrdersRequest,
  type ListOrdersRequest,
  type OrderLookup,
  type OrdersPage,
  type PlacedOrder,
  type ViewOrderRequest,
} from '@km/contracts/orders';
import type { OrderStatus } from '@km/contracts/vocabulary';
import { AppError, commitWithEvents, ConflictError, eventsWrittenInSql, InFlight, OutboxRelayRunner, runWithEvents, SERVICE_LOGGER } from '@km/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DataSource, getMetadataArgsStorage, type EntityManager } from 'typeorm';
import { PaymentIntentsService } from '../payments/payment-intents.service';
import { StripeEventRecord } from '../payments/stripe-event.entity';
import { CartPricing, type PricedCart } from '../pricing/cart-pricing';
import { formatCents } from '../pricing/money';
import { normalizeOrderNumber } from './order-number';
import { OrderNumbers } from './order-numbers';
import { initialStatus, outcomeOf, PAYMENT_SIGNALS, type ReceivedPayment } from './order-status';
import { OrderPaymentsService } from './order-payments.service';
import { isOrderLinkKey, orderLinkKey, orderLinkSettings } from './order-links';
import { toBuyerOrder, toOrderSummary, toPlacedOrder } from './order-views';
import { OrderLine } from './order-line.entity';
import { OrderTimelineRecord } from './order-timeline.entity';
import { Order } from './order.entity';
import { lockPaymentIntent, PAYMENT_INTENT_LOCKS } from './payment-intent-lock';

/** 32^8 ≈ 1.1·10^12 numbers: a draw hits a taken one with odds (orders so far) / 10^12, so five draws is plenty. */
const ORDER_NUMBER_ATTEMPTS = 5;

/**
 * An order with its lines in two plain queries, the second only when the order exists (the usual answer on the
 * checkout path is "none yet"); joining makes TypeORM wrap `findOne` in a SELECT DISTINCT subquery.
 */
const WITH_LINES = { relations: { lines: true }, relationLoadStrategy: 'query' } as const;

@Injectable()
export class OrdersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
    private readonly pricing: CartPricing,
    private readonly paymentIntents: PaymentIntentsService,
    private readonly numbers: OrderNumbers,
    private readonly payments: OrderPaymentsService,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /** Order requests being placed in this process, by their exact message. */
  private readonly inFlight = new InFlight<PlacedOrder>();

  /**
   * One order per payment intent. A repeat for the same cart (a retry, a double click, two tabs) returns the existing
   * order and re-prices nothing, so it succeeds even after the catalog changed; a request for another cart is refused
   * and leaves the intent alone.
   *
   * The intent's amount is checked, changed if need be, and the order inserted under one per-intent lock, in one
   * decision: otherwise a request for a cheap cart could lower the intent between another request's check and its
   * insert, and an expensive order would be paid at the cheap amount.
   */
  async create(request: OrderMessage): Promise<PlacedOrder> {
    // A double click sends the same order twice at once. The second copy waits for the first and answers its order
    // (created false) instead of pricing the cart, calling Stripe and queueing on the intent's lock a second time.
    const { value, shared } = await this.inFlight.run(JSON.stringify(request), () => this.createOnce(request));
    return shared ? { ...value, created: false } : value;
  }

  private async createOnce(request: OrderMessage): Promise<PlacedOrder> {
    // Pricing and reading the intent from Stripe wait on the network, not on each other, nor on the lock: the lock
    // guards the decision (a Stripe call under it held every other request for the intent, and a
    // connection of the pool, for its whole round trip). A repeat (the intent has its order) is found by the
    // decision, or here when the cart can no longer be priced or Stripe not read: it answers its order regardless.
    const [priced, read] = await Promise.allSettled([
      this.pricing.price(request.items, request.memberId),
      this.paymentIntents.retrieveOurs(request.paymentIntentId),
    ]);
    if (priced.status === 'rejected' || read.status === 'rejected') {
      const existing = await this.dataSource.getRepository(Order).findOne({ where: { paymentIntentId: request.paymentIntentId }, ...WITH_LINES });
      if (existing) return repeatOf(existing, request);
      // A pricing refusal is answered before a payment one.
      throw priced.status === 'rejected' ? priced.reason : (read as PromiseRejectedResult).reason;
    }
    const cart = priced.value;
    this.logClientTotals(request, cart);
    // The usual case, decided in one round trip (place_order): the intent charges this cart as read, and under the
    // intent's lock it has no order yet, this service never changed it, and Stripe has not reported on it.
    if (this.paymentIntents.charges(read.value, cart)) {
      const placed = await runWithEvents(this.dataSource, this.outbox, async (manager) => {
        const outcome = await this.place(manager, request, cart, initialStatus([]), null, false);
        return outcome === 'ordered' ? this.repeatFound(manager, request) : outcome;
      });
      if (placed !== 'undecided') return placed;
    }
    const outcome = await commitWithEvents(this.dataSource, this.outbox, async (manager) => {
      await lockPaymentIntent(manager, request.paymentIntentId);
      // Under the lock, in one round trip (after the lock: a statement sees what was committed when it started).
      const [state]: IntentState[] = await manager.query(
        `SELECT EXISTS (SELECT 1 FROM orders WHERE payment_intent_id = $1) AS ordered,
                EXISTS (SELECT 1 FROM payment_intent_updates WHERE payment_intent_id = $1) AS changed,
                EXISTS (SELECT 1 FROM stripe_events WHERE payment_intent_id = $1) AS reported`,
        [request.paymentIntentId],
      );
      if (state.ordered) return { placed: await this.repeatFound(manager, request) };
      // What was read before the lock still holds unless this service changed the intent since (it does so only
      // under this lock, after recording it in payment_intent_updates); otherwise it is read again, checked, and
      // changed if need be, under the lock.
      if (state.changed || !this.paymentIntents.charges(read.value, cart)) {
        const refusal = await this.paymentIntents.chargeExactly(manager, request.paymentIntentId, cart);
        if (refusal) return { refusal };
      }
      return { placed: await this.insert(manager, request, cart, state.reported) };
    });
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome.placed;
  }

  /** The intent's order, placed by an earlier request: answered for the same cart, refused for another. */
  private async repeatFound(manager: EntityManager, request: OrderMessage): Promise<PlacedOrder> {
    const order = await manager.findOneOrFail(Order, { where: { paymentIntentId: request.paymentIntentId }, ...WITH_LINES });
    return repeatOf(order, request);
  }

  /**
   * Inserts the order; the caller holds the intent's lock and has checked that the intent charges this cart.
   * `reported`: Stripe reported on this payment before the browser created the order (stripe_events has it).
   */
  private async insert(manager: EntityManager, request: CreateOrderRequest, cart: PricedCart, reported: boolean): Promise<PlacedOrder> {
    const early = reported
      ? await manager.find(StripeEventRecord, { where: { paymentIntentId: request.paymentIntentId }, order: { stripeCreatedAt: 'ASC' } })
      : [];
    const payable = { totalCents: cart.totalCents, cartFingerprint: cart.fingerprint };
    const outcomes = early.map((e) => ({ event: e, outcome: outcomeOf(PAYMENT_SIGNALS[e.type], payable, receivedOf(e)) }));
    const status = initialStatus(outcomes.map((o) => o.outcome));
    const success = outcomes.find((o) => o.outcome !== 'failed')?.event;
    const placed = await this.place(manager, request, cart, status, success ?? null, true);
    if (typeof placed === 'string') throw new Error(`place_order answered ${placed} to a decided order`);
    return placed;
  }

  /**
   * Writes the order, its lines and its `orders.order.placed` event in one statement (the SQL function `place_order`,
   * migration 1763700000420), drawing order numbers until one is free: a taken number writes nothing. `decided`: the
   * caller holds the intent's lock and has decided in its transaction; otherwise the function takes the lock and
   * answers `ordered` or `undecided` instead of placing when the intent has its order, or its state must be read
   * under the lock in a transaction. The event row bypasses `recordEvent`, so it is reported with `eventsWrittenInSql`.
   */
  private async place(
    manager: EntityManager,
    request: CreateOrderRequest,
    cart: PricedCart,
    status: OrderStatus,
    success: StripeEventRecord | null,
    decided: boolean,
  ): Promise<PlacedOrder | 'ordered' | 'undecided'> {
    const values: NewOrder = {
      paymentIntentId: request.paymentIntentId,
      status,
      customerEmail: request.customerEmail,
      customerName: request.customerName,
      customerPhone: request.customerPhone ?? null,
      shippingAddress: request.shippingAddress,
      billingAddress: request.billingAddress ?? request.shippingAddress,
      ...cart.totals,
      memberDiscount: cart.totals.memberDiscount ?? '0.00',
      memberId: cart.memberId,
      cartFingerprint: cart.fingerprint,
      ...(success ? receivedColumns(success) : {}),
      paidAt: status === 'paid' ? success!.stripeCreatedAt : null,
    };
    const id = randomUUID();
    const lines = cart.lines.map((line, position) =>
      columnsOf(OrderLine, {
        position,
        productId: line.productId,
        productName: line.productName,
        unitPrice: line.productPrice,
        quantity: line.quantity,
        lineTotal: line.subtotal,
      }),
    );
    for (let attempt = 1; attempt <= ORDER_NUMBER_ATTEMPTS; attempt++) {
      const orderNumber = this.numbers.next();
      const placed: EventData<typeof OrdersEvents.placed> = { orderId: id, orderNumber, email: values.customerEmail, total: values.total };
      const [row]: { outcome: 'placed' | 'ordered' | 'undecided' | 'number_taken'; created_at: Date; updated_at: Date }[] = await manager.query(
        'SELECT outcome, created_at, updated_at FROM place_order($1, $2, $3, $4, $5)',
        [
          PAYMENT_INTENT_LOCKS,
          JSON.stringify(columnsOf(Order, { ...values, id, orderNumber })),
          JSON.stringify(lines),
          JSON.stringify({ id: randomUUID(), type: OrdersEvents.placed, data: placed }),
          decided,
        ],
      );
      if (row.outcome === 'ordered' || row.outcome === 'undecided') return row.outcome;
      if (row.outcome === 'placed') {
        eventsWrittenInSql(manager);
        // Services need no shipping (ADR 0034); the usual cart has none, so this costs nothing then.
        if (cart.unshipped.length > 0) {
          await manager.query(
            `WITH l AS (UPDATE order_lines SET requires_shipping = false WHERE order_id = $1 AND product_id = ANY($2::uuid[]) RETURNING 1)
             UPDATE orders SET fulfilment_status = CASE WHEN (SELECT count(*) FROM l) = $3 THEN 'not_required' ELSE fulfilment_status END WHERE id = $1`,
            [id, cart.unshipped, lines.length],
          );
        }
        // The row is what was just written plus what Postgres generated: no second read.
        const order = manager.create(Order, { ...values, orderNumber, id, createdAt: row.created_at, updatedAt: row.updated_at });
        await this.payments.recordStatusEvent(manager, order, status, success ? receivedOf(success) : null);
        return toPlacedOrder(order, true);
      }
    }
    throw new Error(`no free order number after ${ORDER_NUMBER_ATTEMPTS} attempts`);
  }

  /** The buyer's view. An unknown number and a wrong email get the same answer, so neither can be probed. */
  async findForBuyer(request: FindOrderRequest): Promise<BuyerOrder> {
    return this.buyerView(await this.placedWithEmail(request));
  }

  /** The lookup form: the buyer's view and the key of the order's link, so the page can be opened again (ADR 0036). */
  async lookup(request: FindOrderRequest): Promise<OrderLookup> {
    const order = await this.placedWithEmail(request);
    return { order: await this.buyerView(order), key: orderLinkKey(order.id, orderLinkSettings().secret) };
  }

  private async placedWithEmail({ orderNumber, email }: FindOrderRequest): Promise<Order> {
    const order = await this.orderMatching(orderNumber, (o) => o.customerEmail.toLowerCase() === email.trim().toLowerCase());
    if (!order) {
      throw new AppError('not_found', `We could not find order ${orderNumber.trim()} for that email address. Check both against your confirmation email.`);
    }
    return order;
  }

  /** The order a signed link names (ADR 0036): a key that is not this order's is answered like an unknown number. */
  async view({ orderNumber, key }: ViewOrderRequest): Promise<BuyerOrder> {
    const order = await this.orderMatching(orderNumber, (o) => isOrderLinkKey(o.id, key, orderLinkSettings().secret));
    if (!order) throw new AppError('not_found', `We could not open order ${orderNumber.trim()} from that link. Look it up with your email address instead.`);
    return this.buyerView(order);
  }

  /** A member's own order (ADR 0037: placed with their member id); anyone else's is answered like an unknown number. */
  async findForMember({ orderNumber, memberId }: FindMemberOrderRequest): Promise<BuyerOrder> {
    const order = await this.orderMatching(orderNumber, (o) => o.memberId === memberId);
    if (!order) throw new AppError('not_found', `We could not find order ${orderNumber.trim()} among your orders.`);
    return this.buyerView(order);
  }

  /** The order with this number (any spelling the buyer may type) when `matches` holds for it, else null. */
  private async orderMatching(orderNumber: string, matches: (order: Order) => boolean): Promise<Order | null> {
    const number = normalizeOrderNumber(orderNumber);
    const order = number ? await this.dataSource.getRepository(Order).findOne({ where: { orderNumber: number }, relations: { lines: true } }) : null;
    return order && matches(order) ? order : null;
  }

  private async buyerView(order: Order): Promise<BuyerOrder> {
    const steps = await this.dataSource.getRepository(OrderTimelineRecord).find({ where: { orderId: order.id }, order: { createdAt: 'ASC', id: 'ASC' } });
    return toBuyerOrder(order, steps);
  }

  /** Every order (admin), newest first. */
  list({ page, pageSize, status }: ListOrdersRequest): Promise<OrdersPage> {
    return this.page(page, pageSize, status ? ['o.status = :status', { status }] : null);
  }

  /** A member's own orders (ADR 0037), newest first. */
  listForMember({ memberId, page, pageSize }: ListMemberOrdersRequest): Promise<OrdersPage> {
    return this.page(page, pageSize, ['o.member_id = :memberId', { memberId }]);
  }

  /** One page of orders through the entity's own column mapping, each with its number of items. */
  private async page(page: number, pageSize: number, where: [string, Record<string, unknown>] | null): Promise<OrdersPage> {
    const query = this.dataSource.getRepository(Order).createQueryBuilder('o');
    if (where) query.where(...where);
    const [orders, total] = await query
      .orderBy('o.created_at', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .skip((page - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
    const counts: { order_id: string; items: number }[] = orders.length
      ? await this.dataSource.query('SELECT order_id, sum(quantity)::int AS items FROM order_lines WHERE order_id = ANY($1) GROUP BY order_id', [
          orders.map((o) => o.id),
        ])
      : [];
    const items = new Map(counts.map((c) => [c.order_id, c.items]));
    return { items: orders.map((o) => toOrderSummary(o, items.get(o.id) ?? 0)), total, page, pageSize };
  }

  private logClientTotals(request: CreateOrderRequest, cart: PricedCart) {
    const differs = (['subtotal', 'tax', 'shipping', 'total'] as const).filter(
      (k) => request[k] !== undefined && Number(request[k]).toFixed(2) !== cart.totals[k],
    );
    if (differs.length > 0) {
      this.logger.info(
        { paymentIntentId: request.paymentIntentId, fields: differs, server: cart.totals },
        'client totals differ from the server totals; the server totals are kept',
      );
    }
  }
}

/** The columns an order is inserted with (the rest are Postgres's defaults). */
type NewOrder = Pick<
  Order,
  | 'paymentIntentId'
  | 'status'
  | 'customerEmail'
  | 'customerName'
  | 'customerPhone'
  | 'shippingAddress'
  | 'billingAddress'
  | 'subtotal'
  | 'tax'
  | 'shipping'
  | 'total'
  | 'memberDiscount'
  | 'memberId'
  | 'cartFingerprint'
  | 'paidAt'
> &
  Partial<Pick<Order, 'amountReceived' | 'receivedCurrency'>>;

/** Each entity's property → column names, read once from its TypeORM decorators (the entity's one mapping). */
const COLUMN_NAMES = new Map<object, [property: string, column: string][]>();

/**
 * An entity's values as a row keyed by its column names, read from the entity's own TypeORM mapping, for the JSON
 * `place_order` populates its records from (`jsonb_populate_record`; it inserts the columns it names, and Postgres's
 * defaults fill the rest). Properties without a value are left out, which the record reads as NULL.
 */
function columnsOf<T extends object>(entity: new () => T, values: Partial<T>): Record<string, unknown> {
  let names = COLUMN_NAMES.get(entity);
  if (!names) {
    names = getMetadataArgsStorage()
      .filterColumns(entity)
      .map((column) => [column.propertyName, column.options.name ?? column.propertyName]);
    COLUMN_NAMES.set(entity, names);
  }
  const row: Record<string, unknown> = {};
  for (const [property, column] of names) {
    const value = (values as Record<string, unknown>)[property];
    if (value !== undefined) row[column] = value;
  }
  return row;
}

/** What the order transaction reads under the intent's lock. */
interface IntentState {
  /** The intent has its order already (a race lost to another request). */
  ordered: boolean;
  /** This service changed the intent's amount or cart at some point (payment_intent_updates). */
  changed: boolean;
  /** Stripe reported on the payment already (stripe_events). */
  reported: boolean;
}

/** What a recorded success reported; null for a failure, or a success recorded before amounts were kept. */
export const receivedOf = (event: StripeEventRecord): ReceivedPayment | null =>
  event.amountReceived === null || event.currency === null
    ? null
    : { amountCents: event.amountReceived, currency: event.currency, cartFingerprint: event.cartFingerprint };

const receivedColumns = (event: StripeEventRecord) => {
  const received = receivedOf(event);
  return received ? { amountReceived: formatCents(received.amountCents), receivedCurrency: received.currency } : {};
};

const PAYMENT_IN_USE =
  'This payment already belongs to an order for a different cart, so it cannot pay for this one. Reload the checkout page to start a new payment for your cart.';

/** The same products in the same quantities as the order's lines (prices are not compared: the order keeps its own). */
function sameCart(order: Order, request: CreateOrderRequest): boolean {
  const key = (lines: { productId: string; quantity: number }[]) =>
    lines
      .map((l) => `${l.productId}×${l.quantity}`)
      .sort()
      .join(',');
  return key(order.lines) === key(request.items);
}

/** A repeat of an order call for an intent that already has its order. */
function repeatOf(order: Order, request: CreateOrderRequest): PlacedOrder {
  if (!sameCart(order, request)) throw new ConflictError('payment_in_use', PAYMENT_IN_USE);
  return toPlacedOrder(order, false);
}
