import { EVENTS_STREAM, eventSubject } from '@km/contracts';
import type { CatalogItem } from '@km/contracts/catalog';
import { OrdersEvents } from '@km/contracts/orders';
import { natsConnectOptions } from '@km/nest-kit';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { Client } from 'pg';
import { orderConfirmations, pidOf, ready, Session, stack, stripe, waitUntil } from './stack';

/**
 * The checkout drill the checkout scenarios run under their faults (checkout-under-fire, checkout-replicas): CHECKOUTS
 * checkouts (create-payment-intent, then POST /api/orders, retried like a buyer clicking again when an answer is
 * lost), IN_FLIGHT at a time, then every placed order's payment confirmed at the emulator. Checked: every checkout that
 * got an order number has exactly one order and one payment intent, every paid order exactly one confirmation email,
 * and no order is paid at an amount other than its total.
 *
 * With stock (ADR 0032): every product is tracked from the start with fewer units than the checkouts ask for, so some
 * buyers are refused (409 out_of_stock, before paying) while the faults hit; afterwards, for every product, the units
 * left plus the units sold in paid orders equal the starting stock exactly, and the catalog's sale movements agree.
 */

const ADDRESS = '1 Loopback Lane, Localhost, CA 90000, United States';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** kill -9, then waits for the supervisor's restart (and, for a service with /ready, until it is ready). */
export async function killRestarted(name: string, waitReady: boolean): Promise<number> {
  const pid = pidOf(name);
  process.kill(pid, 'SIGKILL');
  await waitUntil(`the supervisor restarts ${name}`, async () => pidOf(name) !== pid, 30_000);
  if (waitReady) await waitUntil(`${name} is ready again`, async () => (await ready(name)) === 200, 60_000);
  return pid;
}

export class CheckoutDrill {
  /** Faulty answers the buyers retried, by request and status. */
  readonly faults = new Map<string, number>();
  /** paymentIntentId → the order placed for it. */
  readonly placed = new Map<string, { orderNumber: string; email: string }>();
  /** Answers during the faults that were not a 503 with a message. */
  readonly wrong: string[] = [];
  /** What was killed, when (the scenario's note). */
  readonly killed: string[] = [];
  started = 0;
  refused = 0;
  confirmed = 0;
  private orders!: Client;
  private catalog!: Client;
  private products: CatalogItem[] = [];
  private startingStock = new Map<string, number>();
  private stockStartedAt = new Date();
  /** The buyers' loop, and whether the scenario ended (a failed one must not leave buyers reserving stock for the next). */
  private load?: Promise<unknown>;
  private closed = false;

  constructor(
    readonly checkouts: number,
    readonly inFlight: number,
  ) {}

  async connect(): Promise<void> {
    this.orders = new Client({ connectionString: stack.pgAdminUrl.replace(/\/postgres$/, '/orders') });
    this.catalog = new Client({ connectionString: stack.pgAdminUrl.replace(/\/postgres$/, '/catalog') });
    await Promise.all([this.orders.connect(), this.catalog.connect()]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.load?.catch(() => undefined);
    // The fault suite shares one stack: the products this drill tracked go back to untracked (the catalog's default),
    // so the next test does not meet the shelves it emptied.
    await this.catalog.query('UPDATE catalog_items SET stock_quantity = NULL WHERE stock_quantity IS NOT NULL');
    await Promise.all([this.orders.end(), this.catalog.end()]);
  }

  /** Tracks every product in stock with about 80 % of the 2 units per checkout the drill asks for on average. */
  async stockShelves(): Promise<void> {
    this.products = ((await new Session().get('/api/products')).body as CatalogItem[]).filter((p) => p.inStock);
    assert.ok(this.products.length > 0, 'the demo catalog has products in stock');
    const perProduct = Math.floor((this.checkouts * 2 * 0.8) / this.products.length);
    this.startingStock = new Map(this.products.map((p) => [p.id, perProduct]));
    await this.catalog.query(`UPDATE catalog_items SET stock_quantity = $2 WHERE id = ANY($1)`, [this.products.map((p) => p.id), perProduct]);
    this.stockStartedAt = new Date();
  }

  /** Sends until an answer that is not a 5xx or a dropped connection, as a buyer clicking again would (same body: idempotent). */
  private async untilAnswered(send: () => Promise<{ status: number; body: any }>, what: string) {
    for (let attempt = 0; attempt < 60; attempt++) {
      if (this.closed) throw new Error(`${what}: the scenario ended`);
      const res = await send().catch((error: Error) => ({ status: 0, body: error.message }));
      if (res.status > 0 && res.status < 500) return res;
      // While a service is down the gateway owes a 503 with a message a person can act on; anything else is a defect.
      if (res.status !== 0 && (res.status !== 503 || !res.body?.message)) this.wrong.push(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      const key = `${what} ${res.status || 'no connection'}`;
      this.faults.set(key, (this.faults.get(key) ?? 0) + 1);
      await sleep(500);
    }
    throw new Error(`${what}: no answer after 60 tries`);
  }

  private async checkout(buyer: Session) {
    const items = [{ productId: this.products[this.started % this.products.length].id, quantity: 1 + (this.started % 3) }];
    const checkoutId = randomUUID();
    const intent = await this.untilAnswered(() => buyer.post('/api/create-payment-intent', { checkoutId, items }), 'create-payment-intent');
    if (intent.status === 409 && intent.body?.details?.reason === 'out_of_stock') {
      this.refused++;
      return;
    }
    assert.equal(intent.status, 200, JSON.stringify(intent.body));
    const { paymentIntentId, subtotal, tax, shipping, total } = intent.body;
    const email = `fire-${randomUUID().slice(0, 8)}@example.com`;
    const order = { paymentIntentId, customerEmail: email, customerName: 'Fire Drill', shippingAddress: ADDRESS, subtotal, tax, shipping, total, items };
    const res = await this.untilAnswered(() => buyer.post('/api/orders', order), 'POST /api/orders');
    assert.ok(res.status === 201 || res.status === 200, `POST /api/orders answered ${res.status}: ${JSON.stringify(res.body)}`);
    this.placed.set(paymentIntentId, { orderNumber: res.body.orderNumber, email });
  }

  /** The checkouts, `inFlight` at a time, by one buyer; resolves when all have an answer, then checks their count. */
  async checkOut(buyer: Session): Promise<void> {
    this.load = Promise.all(
      Array.from({ length: this.inFlight }, async () => {
        while (this.started < this.checkouts && !this.closed) {
          this.started++;
          await this.checkout(buyer);
        }
      }),
    );
    await this.load;
    assert.equal(this.placed.size + this.refused, this.checkouts);
    assert.ok(this.refused > 0, 'stock ran out for some buyers');
    assert.deepEqual(this.wrong, [], 'answers during the faults that were not a 503 with a message');
  }

  /** Waits until `count` checkouts have started; answers how many have. */
  async startedAtLeast(count: number): Promise<number> {
    await waitUntil(`${count} checkouts started`, async () => this.started >= count, 120_000);
    return this.started;
  }

  /** Confirms every placed order's payment at the emulator, 10 at a time; resolves when the emulator took them all. */
  async pay(): Promise<void> {
    const toPay = [...this.placed.keys()];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (toPay.length) {
          await stripe('POST', `/v1/payment_intents/${toPay.pop()}/confirm`, { payment_method: 'pm_card_visa' });
          this.confirmed++;
        }
      }),
    );
  }

  async halfConfirmed(): Promise<number> {
    await waitUntil('half the payments confirmed', async () => this.confirmed >= this.placed.size / 2, 120_000);
    return this.confirmed;
  }

  /**
   * Every check but the emails' count, asserted; answers what was checked (for the scenario's note) and the orders
   * that did not get exactly one confirmation email (asserted by the scenario after its note).
   */
  async check(): Promise<{ checked: string; notOneEmail: string[] }> {
    const PLACED = this.placed.size;
    const numbers = [...this.placed.values()].map((p) => p.orderNumber);
    const countPaid = async () =>
      (await this.orders.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE order_number = ANY($1) AND status = 'paid'`, [numbers])).rows[0].n;
    await waitUntil('every order is paid', async () => (await countPaid()) === PLACED, 120_000);

    // One order per order number and per payment intent; paid at its total (the intent's amount, in cents).
    const { rows } = await this.orders.query<{ order_number: string; payment_intent_id: string; total: string; status: string }>(
      `SELECT order_number, payment_intent_id, total::text AS total, status FROM orders WHERE order_number = ANY($1) OR payment_intent_id = ANY($2)`,
      [numbers, [...this.placed.keys()]],
    );
    assert.equal(rows.length, PLACED, 'exactly one order per checkout');
    assert.equal(new Set(rows.map((r) => r.order_number)).size, PLACED);
    assert.equal(new Set(rows.map((r) => r.payment_intent_id)).size, PLACED);
    const wrongAmount: string[] = [];
    for (const row of rows) {
      const intent = await stripe('GET', `/v1/payment_intents/${row.payment_intent_id}`);
      if (intent.status !== 'succeeded' || intent.amount !== Math.round(Number(row.total) * 100))
        wrongAmount.push(`${row.order_number}: order total ${row.total}, intent ${intent.amount} ${intent.status}`);
    }
    assert.deepEqual(wrongAmount, []);
    const { rows: inDatabase } = await this.orders.query(`SELECT count(*)::int AS n FROM orders`);

    // Stock: every reservation sold (the catalog learns of each payment from orders.order.paid), and for every product
    // the units left plus the units sold equal the starting stock, exactly.
    await waitUntil(
      'every paid intent is sold in the catalog',
      async () =>
        (
          await this.catalog.query(`SELECT count(*)::int AS n FROM stock_reservations WHERE payment_intent_id = ANY($1) AND state <> 'sold'`, [
            [...this.placed.keys()],
          ])
        ).rows[0].n === 0,
      120_000,
    );
    const { rows: soldRows } = await this.orders.query<{ product_id: string; sold: number }>(
      `SELECT l.product_id, sum(l.quantity)::int AS sold FROM order_lines l JOIN orders o ON o.id = l.order_id
       WHERE o.order_number = ANY($1) AND o.status = 'paid' GROUP BY l.product_id`,
      [numbers],
    );
    const sold = new Map(soldRows.map((r) => [r.product_id, r.sold]));
    const { rows: stockRows } = await this.catalog.query<{ id: string; stock_quantity: number; sale_movements: number }>(
      `SELECT c.id, c.stock_quantity,
              (SELECT coalesce(-sum(m.delta), 0)::int FROM stock_movements m WHERE m.product_id = c.id AND m.reason = 'sale' AND m.created_at >= $2) AS sale_movements
       FROM catalog_items c WHERE c.id = ANY($1)`,
      [[...this.startingStock.keys()], this.stockStartedAt],
    );
    assert.deepEqual(
      stockRows.map((r) => `${r.id}: ${r.stock_quantity} left + ${sold.get(r.id) ?? 0} sold (${r.sale_movements} in movements)`).sort(),
      stockRows
        .map(
          (r) => `${r.id}: ${this.startingStock.get(r.id)! - (sold.get(r.id) ?? 0)} left + ${sold.get(r.id) ?? 0} sold (${sold.get(r.id) ?? 0} in movements)`,
        )
        .sort(),
    );

    // Exactly one confirmation email per paid order: wait for all, then a little longer for a duplicate to show. An
    // email is one Message-ID: SMTP is at-least-once, so an orders process killed after the mail server took a message
    // but before its job was marked done sends it again under the same Message-ID, which mail clients show once.
    const { perOrder, deliveries } = await orderConfirmations(numbers, 120_000, 3000);
    return {
      checked:
        `${rows.length} orders (${inDatabase[0].n} in the database), ${new Set(rows.map((r) => r.payment_intent_id)).size} intents succeeded at the order's total, ` +
        `${perOrder.reduce((a, n) => a + n, 0)} confirmation emails in ${deliveries} deliveries (${perOrder.filter((n) => n === 1).length} orders with exactly one)`,
      notOneEmail: numbers.map((n, i) => `${n}: ${perOrder[i]} emails`).filter((_line, i) => perOrder[i] !== 1),
    };
  }

  /**
   * How many `orders.order.placed` and `orders.order.paid` events the EVENTS stream holds for each placed order, read
   * with the inspector user: the outbox publishes each once (a publish repeated after a crash carries the same
   * Nats-Msg-Id, which JetStream drops), so anything but one of each is an event lost or duplicated.
   */
  async orderEvents(): Promise<{ placed: number[]; paid: number[] }> {
    const nc = await connect(natsConnectOptions(stack.natsInspectorUrl, 'fault-inspector'));
    try {
      const jsm = await nc.jetstreamManager();
      const counts = new Map<string, { placed: number; paid: number }>([...this.placed.values()].map((p) => [p.orderNumber, { placed: 0, paid: 0 }]));
      for (const [key, type] of [
        ['placed', OrdersEvents.placed],
        ['paid', OrdersEvents.paid],
      ] as const) {
        const subject = eventSubject(type);
        const total = (await jsm.streams.info(EVENTS_STREAM, { subjects_filter: subject })).state.subjects?.[subject] ?? 0;
        const consumer = await nc.jetstream().consumers.get(EVENTS_STREAM, { filterSubjects: subject });
        for (let read = 0; read < total; read++) {
          const msg = await consumer.next({ expires: 5000 });
          if (!msg) throw new Error(`the EVENTS stream answered ${read} of its ${total} ${type} events`);
          const count = counts.get(msg.json<{ data: { orderNumber: string } }>().data.orderNumber);
          if (count) count[key]++;
        }
      }
      return { placed: [...counts.values()].map((c) => c.placed), paid: [...counts.values()].map((c) => c.paid) };
    } finally {
      await nc.drain();
    }
  }

  /** The load and what the buyers met, for the scenario's note. */
  summary(): string {
    return (
      `${this.checkouts} checkouts (${this.refused} refused for stock before paying), ${this.inFlight} in flight; kill -9: ${this.killed.join(', ')}; ` +
      `retried answers: ${[...this.faults].map(([k, n]) => `${k}×${n}`).join(', ') || 'none'}`
    );
  }
}
