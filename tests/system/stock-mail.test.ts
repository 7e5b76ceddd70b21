import { CatalogStockEvents, CatalogSubjects, eventSubject, type CatalogItem, type EventEnvelope } from '@km/contracts';
import { natsConnectOptions } from '@km/nest-kit';
import { eventually, startServiceProcess, testServers, type ServiceProcess } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { Client as Postgres } from 'pg';
import {
  caughtMails,
  catalogItem,
  Client,
  freshAddress,
  startCheckoutHarness,
  testStorageEnv,
  updateCatalogItem,
  type CaughtMail,
  type CheckoutHarness,
} from './harness';

// ADR 0050: staff hear once per crossing of the low-stock threshold; a visitor who asked hears once when a product is back.

const STAFF = `stock-${randomUUID().slice(0, 8)}@kingdom.example`;
const FORM_LIMIT = 6;
let h: CheckoutHarness;
let catalogDb: Postgres;

beforeAll(async () => {
  h = await startCheckoutHarness({
    catalog: { STAFF_ALERT_EMAIL: STAFF, LOW_STOCK_THRESHOLD: '5' },
    gateway: { TRUST_PROXY: '1', RATE_LIMIT_FORMS_PER_HOUR: String(FORM_LIMIT) },
  });
  catalogDb = new Postgres({ connectionString: h.catalog!.db.url });
  await catalogDb.connect();
});
afterAll(async () => {
  await catalogDb.end();
  await h.stop();
});

const visitor = (ip = freshAddress()) => new Client(h.gateway, { 'x-forwarded-for': ip });
const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const product = (stockQuantity: number | null, overrides: Partial<CatalogItem> = {}) =>
  catalogItem(h, '12.00', { name: `Olive Lamp ${randomUUID().slice(0, 8)}`, stockQuantity, ...overrides });
/** A buyer's checkout reserves the units (ADR 0032): the change of stock a sale starts with. */
const reserve = (item: CatalogItem, quantity: number) =>
  visitor().post('/api/create-payment-intent', { checkoutId: randomUUID(), items: [{ productId: item.id, quantity }] });
const askToBeTold = (item: Pick<CatalogItem, 'id'> | string, body: unknown, ip?: string) =>
  visitor(ip).post(`/api/products/${typeof item === 'string' ? encodeURIComponent(item) : item.id}/back-in-stock`, body);
const stockOf = async (id: string): Promise<number | null> =>
  (await catalogDb.query('SELECT stock_quantity FROM catalog_items WHERE id = $1', [id])).rows[0].stock_quantity;
const waiting = async (id: string) =>
  (await catalogDb.query('SELECT email, notified_at FROM back_in_stock_requests WHERE product_id = $1 ORDER BY email', [id])).rows as {
    email: string;
    notified_at: Date | null;
  }[];

/** Waits until `count` emails match, then a little longer to be sure no more arrive. */
async function mailsSettled(match: (mail: CaughtMail) => boolean, count: number): Promise<CaughtMail[]> {
  if (count > 0) await eventually(async () => (await caughtMails()).filter(match).length >= count, 15_000, 100);
  await new Promise((r) => setTimeout(r, 1000));
  return (await caughtMails()).filter(match);
}
const lowStockMails = (item: CatalogItem, count: number) =>
  mailsSettled((m) => m.subject.startsWith(`Low stock: ${item.name} (`) && m.to.some((t) => t.address === STAFF), count);
const backInStockMails = (item: CatalogItem, to: string, count: number) =>
  mailsSettled((m) => m.subject === `Back in stock: ${item.name}` && m.to.some((t) => t.address === to), count);
const unsubscribeLink = (mail: CaughtMail) => /Stop all back-in-stock emails: (\S+)/.exec(mail.text)![1];

/** A came-back event as the catalog's outbox records it. */
const cameBack = (productId: string): EventEnvelope<{ productId: string }> => ({
  id: randomUUID(),
  type: CatalogStockEvents.cameBack,
  occurredAt: new Date().toISOString(),
  data: { productId },
});

/** Publishes events on the stream at once, as the relay would (with their ids as message ids unless `deduplicated` is false). */
async function publishEvents(events: EventEnvelope[], deduplicated = true) {
  const nc = await connect(natsConnectOptions(testServers().KM_TEST_NATS_URL, 'test-inspector'));
  try {
    const js = nc.jetstream();
    await Promise.all(events.map((e) => js.publish(eventSubject(e.type), JSON.stringify(e), deduplicated ? { msgID: e.id } : {})));
  } finally {
    await nc.drain();
  }
}

const ACCEPTED = { message: 'Thank you. We will email you once when it is back in stock, and that is all.' };

describe('the low-stock alert to staff (ADR 0050)', () => {
  test('ten buyers reserving at once across the threshold: one email to staff, naming the product, what was left and the admin stock tab', async () => {
    const item = await product(12);
    const quotes = await Promise.all(Array.from({ length: 10 }, () => reserve(item, 1)));
    assert.deepEqual(
      quotes.map((q) => q.status),
      Array(10).fill(200),
    );
    assert.equal(await stockOf(item.id), 2);
    const [alert, ...more] = await lowStockMails(item, 1);
    assert.equal(more.length, 0, 'one crossing, one email');
    // The reservation that took the count from 6 to 5 crossed the line; the ones after it found the alert given.
    assert.equal(alert.subject, `Low stock: ${item.name} (5 left)`);
    assert.deepEqual(
      alert.to.map((t) => t.address),
      [STAFF],
    );
    assert.ok(alert.text.includes(`${item.name} is down to 5 units.`));
    assert.ok(alert.text.includes('Available now: 5\nLow-stock threshold: 5'));
    assert.ok(alert.text.includes(`Open its stock in the admin dashboard: http://localhost:3999/admin?tab=stock&product=${item.id}`));
    assert.equal((await catalogDb.query('SELECT low_stock_alerted FROM catalog_items WHERE id = $1', [item.id])).rows[0].low_stock_alerted, true);
  });

  test("an admin's change crossing the line alerts; climbing back above re-arms it, and the next crossing (a reservation) alerts again", async () => {
    let item = await product(9);
    item = await updateCatalogItem(h, item, { stockQuantity: 3 });
    const [first] = await lowStockMails(item, 1);
    assert.equal(first.subject, `Low stock: ${item.name} (3 left)`);

    item = await updateCatalogItem(h, item, { stockQuantity: 4 });
    assert.equal((await lowStockMails(item, 1)).length, 1, 'still under the threshold: no second email');

    item = await updateCatalogItem(h, item, { stockQuantity: 20 });
    assert.equal((await catalogDb.query('SELECT low_stock_alerted FROM catalog_items WHERE id = $1', [item.id])).rows[0].low_stock_alerted, false);
    assert.equal((await reserve(item, 15)).status, 200);
    const alerts = await lowStockMails(item, 2);
    assert.deepEqual(alerts.map((m) => m.subject).sort(), [`Low stock: ${item.name} (3 left)`, `Low stock: ${item.name} (5 left)`]);
  });

  test('a product created at or under the threshold alerts once; an untracked one never does', async () => {
    const low = await product(2);
    const untracked = await product(null);
    assert.equal((await lowStockMails(low, 1)).length, 1);
    assert.equal((await lowStockMails(untracked, 0)).length, 0);
  });
});

describe('"Email me when it\'s back" (ADR 0050)', () => {
  test('waiting addresses get exactly one email when the product comes back, with its page and a one-tap unsubscribe that removes the address', async () => {
    let item = await product(1);
    assert.equal((await reserve(item, 1)).status, 200);
    assert.equal(await stockOf(item.id), 0);
    const [ruth, lydia] = [address('ruth'), address('lydia')];

    const first = await askToBeTold(item, { email: ruth.toUpperCase() });
    assert.equal(first.status, 202);
    assert.deepEqual(first.body, ACCEPTED);
    // The same answer when the address already waits: the form cannot tell anyone who is on the list.
    const again = await askToBeTold(item, { email: ruth });
    assert.equal(again.status, 202);
    assert.deepEqual(again.body, ACCEPTED);
    assert.equal((await askToBeTold(item, { email: lydia })).status, 202);
    assert.deepEqual(
      (await waiting(item.id)).map((r) => [r.email, r.notified_at]),
      [
        [lydia, null],
        [ruth, null],
      ].sort(),
    );

    item = await updateCatalogItem(h, item, { stockQuantity: 4 });
    for (const to of [ruth, lydia]) {
      const [mail, ...more] = await backInStockMails(item, to, 1);
      assert.equal(more.length, 0);
      assert.ok(mail.text.includes(`${item.name} is available again.`));
      assert.ok(mail.text.includes(`See the product: http://localhost:3999/products/${item.slug}`));
      assert.match(unsubscribeLink(mail), /^http:\/\/localhost:3999\/api\/back-in-stock\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);
    }
    assert.ok((await waiting(item.id)).every((r) => r.notified_at !== null));

    // Sold out and back again: nobody asked again, so nobody hears again.
    assert.equal((await reserve(item, 4)).status, 200);
    item = await updateCatalogItem(h, item, { stockQuantity: 2 });
    assert.equal((await backInStockMails(item, ruth, 1)).length, 1);
    assert.equal((await backInStockMails(item, lydia, 1)).length, 1);

    // Ruth asks for another product too, then unsubscribes from the first email: both rows are gone; Lydia stays.
    const other = await product(0);
    assert.equal((await askToBeTold(other, { email: ruth })).status, 202);
    const [mail] = await backInStockMails(item, ruth, 1);
    const link = new URL(unsubscribeLink(mail));
    // Opening the link asks and removes nothing (mail scanners open links, ADR 0056); the page's button POSTs it.
    const asked = await fetch(h.baseUrl + link.pathname + link.search);
    assert.equal(asked.status, 200);
    const question = await asked.text();
    assert.match(question, /Stop back-in-stock emails\?/);
    assert.ok(question.includes(`<form method="post" action="${link.pathname}${link.search}">`), question);
    assert.equal((await catalogDb.query('SELECT count(*)::int AS n FROM back_in_stock_requests WHERE email = $1', [ruth])).rows[0].n, 2);
    for (let i = 0; i < 2; i++) {
      const page = await fetch(h.baseUrl + link.pathname + link.search, { method: 'POST' });
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /You have been unsubscribed/);
      // The second tap finds nothing to remove, and names nobody.
      assert.ok(html.includes(i === 0 ? `${ruth} will get no more back-in-stock emails` : 'This address will get no more back-in-stock emails'));
    }
    assert.equal((await catalogDb.query('SELECT count(*)::int AS n FROM back_in_stock_requests WHERE email = $1', [ruth])).rows[0].n, 0);
    assert.deepEqual(
      (await waiting(item.id)).map((r) => r.email),
      [lydia],
    );
  });

  test('a product sold out again before its came-back event is handled sends nothing yet; the list waits for the next time', async () => {
    let item = await product(0);
    const eunice = address('eunice');
    assert.equal((await askToBeTold(item, { email: eunice })).status, 202);
    // The event of a comeback whose units were taken again before the consumer ran: nothing to buy, so no email.
    const stale = cameBack(item.id);
    await publishEvents([stale]);
    await eventually(async () => (await catalogDb.query('SELECT 1 FROM handled_events WHERE event_id = $1', [stale.id])).rows.length === 1, 15_000);
    assert.equal((await backInStockMails(item, eunice, 0)).length, 0);
    assert.deepEqual(
      (await waiting(item.id)).map((r) => [r.email, r.notified_at]),
      [[eunice, null]],
    );
    item = await updateCatalogItem(h, item, { stockQuantity: 1 });
    assert.equal((await backInStockMails(item, eunice, 1)).length, 1);
  });

  test('two catalog replicas handling many came-back events for one product at once send each waiting address one email', async () => {
    const item = await product(0);
    const addresses = [address('a'), address('b'), address('c')];
    for (const email of addresses) assert.equal((await askToBeTold(item, { email })).status, 202);
    // Units arrive without an event (as if the came-back events below were what the changes recorded).
    await catalogDb.query('UPDATE catalog_items SET stock_quantity = 3 WHERE id = $1', [item.id]);

    const servers = testServers();
    const replica: ServiceProcess = await startServiceProcess('catalog', require.resolve('@km/catalog'), {
      DATABASE_URL: h.catalog!.db.url,
      ...testStorageEnv(),
      REDIS_URL: servers.KM_TEST_REDIS_URL!,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(h.smtp.port),
      PUBLIC_ORIGIN: 'http://localhost:3999',
      STAFF_ALERT_EMAIL: STAFF,
    });
    const events = Array.from({ length: 8 }, () => cameBack(item.id));
    try {
      await publishEvents(events);
      // A redelivery of one of them, as after a crash before its handled mark: the claimed rows are not claimed again.
      await eventually(async () => (await catalogDb.query('SELECT 1 FROM handled_events WHERE event_id = $1', [events[0].id])).rows.length === 1, 15_000);
      await catalogDb.query('DELETE FROM handled_events WHERE event_id = $1', [events[0].id]);
      await publishEvents([events[0]], false);
      await eventually(async () => (await catalogDb.query('SELECT 1 FROM handled_events WHERE event_id = $1', [events[0].id])).rows.length === 1, 15_000);
    } finally {
      await replica.stop();
    }
    for (const to of addresses) assert.equal((await backInStockMails(item, to, 1)).length, 1, to);
  });

  test('hostile and wrong input: a clear 4xx, nothing stored', async () => {
    const out = await product(0);
    const inStock = await product(7);
    const untracked = await product(null);
    const invalid = (reply: { status: number; body: any }, message: string) => {
      assert.equal(reply.status, 400);
      assert.equal(reply.body.code, 'invalid');
      assert.ok(JSON.stringify(reply.body).includes(message), JSON.stringify(reply.body));
    };
    invalid(await askToBeTold(out, { email: 'lydia' }), 'email must be a valid email address');
    invalid(await askToBeTold(out, {}), 'email is required');
    invalid(await askToBeTold(out, { email: `${'a'.repeat(250)}@example.com` }), 'email must be at most 254 characters');
    invalid(await askToBeTold(out, { email: ['a@example.com'] }), 'email');
    invalid(await askToBeTold(out, { email: '<script>alert(1)</script>@example.com' }), 'email must be a valid email address');

    const unknown = randomUUID();
    const missing = await askToBeTold(unknown, { email: address('probe') });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, `No product with id ${unknown} exists.`);
    assert.equal((await askToBeTold("1' OR '1'='1", { email: address('probe') })).status, 404);
    assert.equal((await askToBeTold('x'.repeat(300), { email: address('probe') })).status, 400);
    const service = await h.rpc.send(CatalogSubjects.create, {
      kind: 'service',
      item: {
        name: `Counselling ${randomUUID().slice(0, 8)}`,
        price: '40.00',
        description: 'A service.',
        category: 'Ministry',
        tags: [],
        inStock: false,
        featured: false,
      },
      imageKey: `media/catalog/${randomUUID()}.png`,
    });
    assert.equal((await askToBeTold(service, { email: address('probe') })).status, 404, 'a service is not a product');

    const inStockReply = await askToBeTold(inStock, { email: address('probe') });
    assert.equal(inStockReply.status, 409);
    assert.deepEqual(inStockReply.body.details, { reason: 'in_stock' });
    assert.equal(inStockReply.body.message, `"${inStock.name}" is in stock now: you can add it to your cart.`);
    const untrackedReply = await askToBeTold(untracked, { email: address('probe') });
    assert.equal(untrackedReply.status, 409);
    assert.deepEqual(untrackedReply.body.details, { reason: 'not_tracked' });

    for (const item of [out, inStock, untracked]) assert.deepEqual(await waiting(item.id), []);

    for (const [query, status, words] of [
      ['', 400, 'This unsubscribe link is incomplete'],
      ['?token=short', 400, 'This unsubscribe link is incomplete'],
      [`?token=${'A'.repeat(43)}`, 200, 'This address will get no more back-in-stock emails'],
    ] as const) {
      const page = await fetch(`${h.baseUrl}/api/back-in-stock/unsubscribe${query}`, { method: 'POST' });
      assert.equal(page.status, status, query);
      assert.ok((await page.text()).includes(words), query);
      // Opened rather than pressed: a broken link says the same, a well-formed one asks.
      const opened = await fetch(`${h.baseUrl}/api/back-in-stock/unsubscribe${query}`);
      assert.equal(opened.status, status, query);
      if (status !== 200) assert.ok((await opened.text()).includes(words), query);
    }
  });

  test("the form counts against the forms' hourly budget per address: the next is a 429 a person understands", async () => {
    const item = await product(0);
    const ip = freshAddress();
    for (let i = 0; i < FORM_LIMIT; i++) assert.equal((await askToBeTold(item, { email: address('many') }, ip)).status, 202);
    const refused = await askToBeTold(item, { email: address('many') }, ip);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'rate_limited');
    assert.match(refused.body.message, /^You have sent many forms from this address in the last hour\./);
    assert.equal((await askToBeTold(item, { email: address('other') })).status, 202, 'another address is not affected');
    assert.equal((await waiting(item.id)).length, FORM_LIMIT + 1);
  });
});
