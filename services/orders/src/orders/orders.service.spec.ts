import { AppError, ConflictError, OutboxRelayRunner, SERVICE_LOGGER } from '@km/nest-kit';
import { Test } from '@nestjs/testing';
import assert from 'node:assert/strict';
import { DataSource } from 'typeorm';
import { PaymentIntentsService } from '../payments/payment-intents.service';
import { CartPricing } from '../pricing/cart-pricing';
import type { OrderLine } from './order-line.entity';
import { OrderNumbers } from './order-numbers';
import { OrderPaymentsService } from './order-payments.service';
import type { Order } from './order.entity';
import { OrdersService } from './orders.service';

const line = (productId: string, quantity: number, position: number) =>
  ({ productId, productName: `Product ${productId}`, unitPrice: '10.00', quantity, lineTotal: (10 * quantity).toFixed(2), position }) as OrderLine;

/** An order already placed for pi_existing: two of p1 and one of p2. */
const placed = (): Order =>
  ({
    orderNumber: 'KM-7K3M9Q2X',
    status: 'pending_payment',
    paymentIntentId: 'pi_existing',
    customerName: 'Ruth of Moab',
    customerEmail: 'Ruth@Example.com',
    shippingAddress: '12 Gleaning Way',
    billingAddress: '12 Gleaning Way',
    subtotal: '30.00',
    tax: '2.40',
    shipping: '9.99',
    total: '42.39',
    lines: [line('p2', 1, 1), line('p1', 2, 0)],
    createdAt: new Date('2026-11-01T10:00:00Z'),
    paidAt: null,
  }) as unknown as Order;

/**
 * OrdersService on Nest's DI, for an intent that has its order: the cart can no longer be priced (a product sold out
 * since), Stripe is read, and the one stored order is found by intent or number; nothing may be written or charged.
 */
async function ordersService(stored: Order | null) {
  const untouched = (what: string) => () => {
    throw new Error(`${what} must not be used here`);
  };
  const dataSource = {
    getRepository: () => ({
      findOne: async ({ where }: { where: { paymentIntentId?: string; orderNumber?: string } }) =>
        stored && (where.paymentIntentId === stored.paymentIntentId || where.orderNumber === stored.orderNumber) ? stored : null,
      // The order's stored steps (order_timeline): none yet.
      find: async () => [],
    }),
    manager: { query: untouched('a statement') },
    transaction: untouched('a transaction'),
  };
  const soldOut = async () => {
    throw new ConflictError('product_unavailable', 'Product p1 is out of stock.');
  };
  const module = await Test.createTestingModule({
    providers: [
      OrdersService,
      { provide: DataSource, useValue: dataSource },
      { provide: OutboxRelayRunner, useValue: { relay: { kick: untouched('the relay') } } },
      { provide: CartPricing, useValue: { price: soldOut } },
      {
        provide: PaymentIntentsService,
        useValue: { retrieveOurs: async () => ({ id: 'pi_existing' }), chargeExactly: untouched('Stripe changes'), create: untouched('Stripe changes') },
      },
      { provide: OrderNumbers, useValue: { next: untouched('order numbers') } },
      OrderPaymentsService,
      { provide: SERVICE_LOGGER, useValue: { info: () => undefined, warn: () => undefined, error: () => undefined } },
    ],
  }).compile();
  return module.get(OrdersService);
}

const request = (items: { productId: string; quantity: number }[]) => ({
  paymentIntentId: 'pi_existing',
  customerEmail: 'ruth@example.com',
  customerName: 'Ruth of Moab',
  shippingAddress: '12 Gleaning Way',
  items: items.map((i) => ({ ...i, productPrice: '10.00', subtotal: '10.00' })),
});

describe('OrdersService.create for an intent that already has its order', () => {
  test('the same cart in another line order answers the existing order, created false, though the cart no longer prices; nothing written or charged', async () => {
    const orders = await ordersService(placed());
    const again = await orders.create(
      request([
        { productId: 'p2', quantity: 1 },
        { productId: 'p1', quantity: 2 },
      ]) as never,
    );
    assert.deepEqual(again, {
      orderNumber: 'KM-7K3M9Q2X',
      status: 'pending_payment',
      subtotal: '30.00',
      tax: '2.40',
      shipping: '9.99',
      total: '42.39',
      created: false,
    });
  });

  test('another cart (a changed quantity) is a ConflictError payment_in_use telling the buyer to reload', async () => {
    const orders = await ordersService(placed());
    await assert.rejects(
      orders.create(
        request([
          { productId: 'p1', quantity: 1 },
          { productId: 'p2', quantity: 1 },
        ]) as never,
      ),
      (error: unknown) => {
        assert.ok(error instanceof ConflictError);
        assert.equal((error.details as { reason?: string }).reason, 'payment_in_use');
        assert.equal(
          error.message,
          'This payment already belongs to an order for a different cart, so it cannot pay for this one. Reload the checkout page to start a new payment for your cart.',
        );
        return true;
      },
    );
  });
});

describe('OrdersService.findForBuyer', () => {
  test('a number typed loosely and the email in another case find the order, its lines in their order', async () => {
    const orders = await ordersService(placed());
    const found = await orders.findForBuyer({ orderNumber: ' km 7k3m 9q2x ', email: ' ruth@EXAMPLE.com ' });
    assert.equal(found.orderNumber, 'KM-7K3M9Q2X');
    assert.deepEqual(
      found.items.map((i) => i.productId),
      ['p1', 'p2'],
    );
    assert.deepEqual(found.timeline, [{ kind: 'placed', at: '2026-11-01T10:00:00.000Z' }]);
  });

  test('a wrong email and an unknown number get the same not_found answer', async () => {
    const orders = await ordersService(placed());
    for (const [orderNumber, email] of [
      ['KM-7K3M9Q2X', 'boaz@example.com'],
      ['KM-7K3M9Q2Y', 'ruth@example.com'],
    ]) {
      await assert.rejects(orders.findForBuyer({ orderNumber, email }), (error: unknown) => {
        assert.ok(error instanceof AppError);
        assert.equal(error.code, 'not_found');
        assert.equal(error.message, `We could not find order ${orderNumber} for that email address. Check both against your confirmation email.`);
        return true;
      });
    }
  });
});

describe('OrdersService.create for a double click (the same order sent twice at once)', () => {
  const answer = { orderNumber: 'KM-7K3M9Q2X', status: 'pending_payment', subtotal: '30.00', tax: '2.40', shipping: '9.99', total: '42.39' } as const;
  const cart = [
    { productId: 'p1', quantity: 2 },
    { productId: 'p2', quantity: 1 },
  ];

  test('places the order once: the first copy answers created true, the second the same order with created false', async () => {
    const orders = await ordersService(null);
    const placeOnce = jest
      .spyOn(orders as never as { createOnce: () => Promise<unknown> }, 'createOnce')
      .mockImplementation(async () => ({ ...answer, created: true }));
    const replies = await Promise.all([orders.create(request(cart) as never), orders.create(request(cart) as never)]);
    assert.equal(placeOnce.mock.calls.length, 1);
    assert.deepEqual(replies, [
      { ...answer, created: true },
      { ...answer, created: false },
    ]);
  });

  test('after the first copy is refused, the second runs on its own instead of sharing the refusal', async () => {
    const orders = await ordersService(null);
    const placeOnce = jest
      .spyOn(orders as never as { createOnce: () => Promise<unknown> }, 'createOnce')
      .mockImplementationOnce(async () => {
        throw new ConflictError('cart_changed', 'Your cart changed; please review the total and try again.');
      })
      .mockImplementationOnce(async () => ({ ...answer, created: true }));
    const [first, second] = await Promise.allSettled([orders.create(request(cart) as never), orders.create(request(cart) as never)]);
    assert.equal(placeOnce.mock.calls.length, 2);
    assert.equal(first.status, 'rejected');
    assert.deepEqual(second, { status: 'fulfilled', value: { ...answer, created: true } });
  });

  test('two different carts for one intent at once are not merged: each is decided on its own', async () => {
    const orders = await ordersService(null);
    const placeOnce = jest
      .spyOn(orders as never as { createOnce: () => Promise<unknown> }, 'createOnce')
      .mockImplementation(async () => ({ ...answer, created: true }));
    await Promise.all([orders.create(request(cart) as never), orders.create(request([{ productId: 'p1', quantity: 1 }]) as never)]);
    assert.equal(placeOnce.mock.calls.length, 2);
  });

  test('once the first copy has answered, a later repeat is no longer waiting on it and looks the order up itself', async () => {
    const orders = await ordersService(null);
    const placeOnce = jest
      .spyOn(orders as never as { createOnce: () => Promise<unknown> }, 'createOnce')
      .mockImplementation(async () => ({ ...answer, created: true }));
    await orders.create(request(cart) as never);
    await new Promise((resolve) => setImmediate(resolve));
    await orders.create(request(cart) as never);
    assert.equal(placeOnce.mock.calls.length, 2);
  });
});

describe('OrdersService.create reads the payment intent from Stripe before the lock, and decides under it', () => {
  const cart = {
    lines: [{ productId: 'p1', productName: 'Product p1', productPrice: '10.00', quantity: 3, subtotal: '30.00' }],
    totals: { subtotal: '30.00', tax: '2.40', shipping: '9.99', total: '42.39' },
    totalCents: 4239,
    memberId: null,
    fingerprint: 'cart-p1x3',
    unshipped: [],
  };
  /** An intent as read before the lock: it charges exactly this cart. */
  const intent = { id: 'pi_new', amount: 4239, currency: 'usd', status: 'requires_payment_method', metadata: { cart_fingerprint: 'cart-p1x3' } };

  /**
   * OrdersService with no order yet for pi_new. `decision`: what place_order answers when it decides itself (the
   * checks it makes under the intent's lock); `state`: what the transaction finds under the lock.
   */
  async function placing(
    decision: 'placed' | 'undecided',
    state: { ordered: boolean; changed: boolean; reported: boolean },
    chargeExactly: () => Promise<unknown>,
  ) {
    const log: string[] = [];
    /** What place_order was given: the order's and the lines' rows. */
    const rows: { order: Record<string, unknown>; lines: Record<string, unknown>[] }[] = [];
    const manager = {
      query: async (sql: string, params: unknown[] = []) => {
        if (sql.includes('pg_advisory_xact_lock')) return (log.push('lock'), []);
        if (sql.includes('payment_intent_updates')) return (log.push('state'), [state]);
        if (sql.includes('place_order(')) {
          const [lockSpace, order, lines, event, decided] = params as [number, string, string, string, boolean];
          assert.equal(lockSpace, 4201, "the intent's lock, the one the webhooks take");
          assert.deepEqual([JSON.parse(order).payment_intent_id, JSON.parse(lines).length, JSON.parse(event).type], ['pi_new', 1, 'orders.order.placed']);
          log.push(decided ? 'place_order, decided' : 'place_order');
          rows.push({ order: JSON.parse(order), lines: JSON.parse(lines) });
          const outcome = decided ? 'placed' : decision;
          return [{ outcome, created_at: new Date('2026-11-25T04:00:00Z'), updated_at: new Date('2026-11-25T04:00:00Z') }];
        }
        throw new Error(`unexpected query ${sql}`);
      },
      create: (_entity: unknown, values: object) => values,
    };
    const dataSource = {
      getRepository: () => ({ findOne: async () => null }),
      createEntityManager: () => manager,
      transaction: async (work: (m: typeof manager) => Promise<unknown>) => {
        log.push('begin');
        const result = await work(manager);
        log.push('commit');
        return result;
      },
    };
    const paymentIntents = {
      retrieveOurs: async () => (log.push('stripe read'), intent),
      charges: (read: typeof intent, priced: typeof cart) => read.amount === priced.totalCents && read.metadata.cart_fingerprint === priced.fingerprint,
      chargeExactly: jest.fn(async (..._args: unknown[]) => (log.push('stripe read under the lock'), chargeExactly())),
    };
    const module = await Test.createTestingModule({
      providers: [
        OrdersService,
        { provide: DataSource, useValue: dataSource },
        { provide: OutboxRelayRunner, useValue: { relay: { kick: () => log.push('relay woken') } } },
        { provide: CartPricing, useValue: { price: async () => (log.push('priced'), cart) } },
        { provide: PaymentIntentsService, useValue: paymentIntents },
        { provide: OrderNumbers, useValue: { next: () => 'KM-7K3M9Q2X' } },
        OrderPaymentsService,
        { provide: SERVICE_LOGGER, useValue: { info: () => undefined, warn: () => undefined, error: () => undefined } },
      ],
    }).compile();
    return { orders: module.get(OrdersService), log, chargeExactly: paymentIntents.chargeExactly, rows };
  }
  const order = () => ({ ...request([{ productId: 'p1', quantity: 3 }]), paymentIntentId: 'pi_new' }) as never;

  test('an intent charging the cart as read is decided and placed by one statement (place_order takes the lock), without asking Stripe again', async () => {
    const { orders, log, chargeExactly } = await placing('placed', { ordered: false, changed: false, reported: false }, async () => null);
    const placed = await orders.create(order());
    assert.deepEqual(placed, { orderNumber: 'KM-7K3M9Q2X', status: 'pending_payment', ...cart.totals, created: true });
    assert.equal(chargeExactly.mock.calls.length, 0);
    assert.deepEqual(log.slice(2), ['place_order', 'relay woken']);
    assert.deepEqual(log.slice(0, 2).sort(), ['priced', 'stripe read']);
  });

  test("place_order gets the order's and the lines' values under their column names, from the entities' one mapping", async () => {
    const { orders, rows } = await placing('placed', { ordered: false, changed: false, reported: false }, async () => null);
    await orders.create(order());
    const [{ order: row, lines }] = rows;
    assert.match(String(row.id), /^[0-9a-f-]{36}$/);
    assert.deepEqual(
      { ...row, id: undefined },
      {
        id: undefined,
        order_number: 'KM-7K3M9Q2X',
        payment_intent_id: 'pi_new',
        status: 'pending_payment',
        customer_email: 'ruth@example.com',
        customer_name: 'Ruth of Moab',
        customer_phone: null,
        shipping_address: '12 Gleaning Way',
        billing_address: '12 Gleaning Way',
        subtotal: '30.00',
        tax: '2.40',
        shipping: '9.99',
        total: '42.39',
        member_discount: '0.00',
        member_id: null,
        cart_fingerprint: 'cart-p1x3',
        paid_at: null,
      },
    );
    assert.deepEqual(lines, [{ position: 0, product_id: 'p1', product_name: 'Product p1', unit_price: '10.00', quantity: 3, line_total: '30.00' }]);
  });

  test('an intent this service changed since (place_order answers undecided) is read again under the lock in a transaction, and its refusal answered after the commit', async () => {
    const refusal = new ConflictError('cart_changed', 'Your cart changed; please review the total and try again.', { ...cart.totals });
    const { orders, log, chargeExactly } = await placing('undecided', { ordered: false, changed: true, reported: false }, async () => refusal);
    await assert.rejects(orders.create(order()), (error: unknown) => error === refusal);
    assert.equal(chargeExactly.mock.calls.length, 1);
    assert.deepEqual(chargeExactly.mock.calls[0].slice(1), ['pi_new', cart]);
    assert.deepEqual(log.slice(2), ['place_order', 'begin', 'lock', 'state', 'stripe read under the lock', 'commit']);
  });

  test('once the transaction has made the intent charge the cart, the order is written by place_order as decided, then the relay woken', async () => {
    const { orders, log } = await placing('undecided', { ordered: false, changed: true, reported: false }, async () => null);
    const placed = await orders.create(order());
    assert.deepEqual(placed, { orderNumber: 'KM-7K3M9Q2X', status: 'pending_payment', ...cart.totals, created: true });
    assert.deepEqual(log.slice(2), ['place_order', 'begin', 'lock', 'state', 'stripe read under the lock', 'place_order, decided', 'commit', 'relay woken']);
  });
});
