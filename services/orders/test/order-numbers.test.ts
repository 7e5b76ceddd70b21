// Orders on its own (ADR 0014): the service in-process against the test stack's Postgres, Redis, NATS, mail catcher
// and Stripe emulator; the catalog it asks for prices is a double on the catalog's bus user.
import { CatalogSubjects, OrdersEvents, OrdersSubjects, type CatalogItem, type PaymentIntentQuote } from '@km/contracts';
import type { RpcClient } from '@km/nest-kit';
import { connectTestRpc, createTestDatabase, startServiceDouble, startTestService, testNatsUrl, testServers, type TestDatabase } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { AppModule } from '../src/app.module';
import { loadOrdersConfig } from '../src/config';
import { OrderNumbers } from '../src/orders/order-numbers';
import { DataSource } from 'typeorm';

const ADDRESS = '12 Gleaning Way, Bethlehem, PA 18015, United States';
const item: CatalogItem = {
  id: randomUUID(),
  kind: 'product',
  name: 'Test product',
  slug: 'test-product',
  price: '11.00',
  description: 'Sold by the orders tests.',
  category: 'Gifts',
  tags: [],
  imageUrl: null,
  images: [],
  inStock: true,
  stockQuantity: null,
  lowStock: false,
  featured: false,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};

let db: TestDatabase;
let orders: INestApplication;
let catalog: INestApplication;
let gateway: { rpc: RpcClient; close: () => Promise<void> };

beforeAll(async () => {
  const servers = testServers();
  const stripe = new URL(servers.KM_TEST_STRIPE_API!);
  catalog = await startServiceDouble('catalog', {
    [CatalogSubjects.getMany]: ({ ids }: { ids: string[] }) => [item].filter((i) => ids.includes(i.id)),
    // The cart is held before the buyer gets the intent's secret (ADR 0032); the double holds whatever is asked.
    [CatalogSubjects.reserveStock]: ({ paymentIntentId, lines }: { paymentIntentId: string; lines: { productId: string; quantity: number }[] }) => ({
      paymentIntentId,
      lines: lines.map(({ productId, quantity }) => ({ productId, quantity })),
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    }),
  });
  db = await createTestDatabase('orders');
  const config = loadOrdersConfig({
    HTTP_PORT: '0',
    NATS_URL: testNatsUrl('orders'),
    DATABASE_URL: db.url,
    REDIS_URL: servers.KM_TEST_REDIS_URL,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(servers.KM_TEST_SMTP_PORT),
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: 'whsec_local_dev_secret',
    STRIPE_API_HOST: stripe.hostname,
    STRIPE_API_PORT: stripe.port,
    STRIPE_API_PROTOCOL: 'http',
    LOG_LEVEL: 'warn',
  });
  orders = await startTestService(AppModule.forRoot(config), 'orders', testNatsUrl('orders'));
  // Requests go as the gateway, the one caller of these subjects in production.
  gateway = await connectTestRpc('gateway', 10_000);
});
afterAll(async () => {
  await gateway.close();
  await orders.close();
  await catalog.close();
  await db.drop();
});

/** A quote for one item and the order the checkout page would send for it. */
async function placeOrder(): Promise<{ orderNumber: string }> {
  const q: PaymentIntentQuote = await gateway.rpc.send(OrdersSubjects.createPaymentIntent, {
    checkoutId: randomUUID(),
    items: [{ productId: item.id, quantity: 1 }],
  });
  return gateway.rpc.send(OrdersSubjects.createOrder, {
    paymentIntentId: q.paymentIntentId,
    customerEmail: `buyer-${randomUUID().slice(0, 8)}@example.com`,
    customerName: 'Ruth of Moab',
    customerPhone: '',
    shippingAddress: ADDRESS,
    billingAddress: ADDRESS,
    subtotal: q.subtotal,
    tax: q.tax,
    shipping: q.shipping,
    total: q.total,
    items: q.items,
  });
}

// Moved from the gateway's checkout tests: it replaces a provider inside the orders service.
test('a colliding order number is retried with a fresh one', async () => {
  const taken = await placeOrder();
  const numbers = orders.get(OrderNumbers);
  const original = numbers.next.bind(numbers);
  const handed: string[] = [];
  numbers.next = () => {
    const next = handed.length === 0 ? taken.orderNumber : original();
    handed.push(next);
    return next;
  };
  try {
    const second = await placeOrder();
    assert.equal(handed.length, 2);
    assert.equal(second.orderNumber, handed[1]);
    assert.notEqual(second.orderNumber, taken.orderNumber);
  } finally {
    numbers.next = original;
  }
});

test('the order, its lines and its placed event are written together: a colliding number writes none of them', async () => {
  const taken = await placeOrder();
  const numbers = orders.get(OrderNumbers);
  const original = numbers.next.bind(numbers);
  let first = true;
  numbers.next = () => (first ? ((first = false), taken.orderNumber) : original());
  let second: { orderNumber: string };
  try {
    second = await placeOrder();
  } finally {
    numbers.next = original;
  }
  for (const orderNumber of [taken.orderNumber, second.orderNumber]) {
    const rows = await orders.get(DataSource).query(
      `SELECT (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS lines,
              (SELECT count(*)::int FROM outbox e WHERE e.type = $2 AND e.data->>'orderId' = o.id::text) AS placed,
              (SELECT e.data FROM outbox e WHERE e.type = $2 AND e.data->>'orderId' = o.id::text) AS event,
              o.customer_email, o.total::text AS total
       FROM orders o WHERE o.order_number = $1`,
      [orderNumber, OrdersEvents.placed],
    );
    assert.equal(rows.length, 1, orderNumber);
    assert.equal(rows[0].lines, 1, orderNumber);
    assert.equal(rows[0].placed, 1, orderNumber);
    assert.deepEqual(Object.keys(rows[0].event).sort(), ['email', 'orderId', 'orderNumber', 'total']);
    assert.equal(rows[0].event.orderNumber, orderNumber);
    assert.equal(rows[0].event.email, rows[0].customer_email);
    assert.equal(rows[0].event.total, rows[0].total);
  }
});
