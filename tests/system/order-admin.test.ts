import { CatalogSubjects, OrdersEvents, type AdminOrder } from '@km/contracts';
import { eventually } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client as Postgres } from 'pg';
import { catalogItem, type CheckoutHarness, Client, publishedEvents, startCheckoutHarness, stripeApi, stripeEvent, stripeSignature } from './harness';
import { adminOrder, chargeOf, mailsOnce, orderWhen, paidOrder, placeOrder, signedInAdmin } from './order-admin-fixtures';

/**
 * The admin's order (ADR 0034, 0035) through the gateway, with the Stripe emulator: refunds that never exceed what was
 * paid however they race, shipments and their undo, cancellation, notes, and the buyer's emails once each.
 */
let h: CheckoutHarness;
let admin: Client;
let ordersDb: Postgres;

beforeAll(async () => {
  h = await startCheckoutHarness();
  admin = await signedInAdmin(h);
  ordersDb = new Postgres({ connectionString: h.orders.db.url });
  await ordersDb.connect();
});
afterAll(async () => {
  await ordersDb.end();
  await h.stop();
});

const refund = (orderNumber: string, body: unknown) => admin.post(`/api/admin/orders/${orderNumber}/refunds`, body);
const cents = (amount: string) => Math.round(Number(amount) * 100);
const restockedOf = (orderNumber: string) => publishedEvents(OrdersEvents.restocked, (e) => e.orderNumber === orderNumber);
/** The order's restocked events once one is published. */
const restockedOnce = (orderNumber: string) =>
  eventually(
    async () => {
      const found = await restockedOf(orderNumber);
      return found.length > 0 && found;
    },
    10_000,
    200,
  );

describe('refunds never exceed what was paid', () => {
  test('two admins refunding the whole remainder at once: exactly one succeeds, the other is told what is left (409), Stripe refunded the total once', async () => {
    const item = await catalogItem(h, '20.00');
    const { orderNumber, quote } = await paidOrder(h, admin, [[item, 1]]);
    const [a, b] = await Promise.all([
      refund(orderNumber, { amount: quote.total, reason: 'Damaged' }),
      refund(orderNumber, { amount: quote.total, reason: 'Damaged' }),
    ]);
    assert.deepEqual([a.status, b.status].sort(), [200, 409]);
    const refused = a.status === 409 ? a : b;
    // Decided while the first was being asked of Stripe, or (on a busy machine) once it was done: each says so exactly.
    const told = {
      refund_exceeds_remaining: `Nothing is left to refund on order ${orderNumber}: everything paid is refunded or being refunded.`,
      order_not_refundable: `Order ${orderNumber} is refunded in full already: nothing is left to refund.`,
    };
    assert.ok(refused.body.details.reason in told, JSON.stringify(refused.body));
    assert.equal(refused.body.message, told[refused.body.details.reason as keyof typeof told]);
    const charge = await chargeOf(h, quote.paymentIntentId);
    assert.equal(charge.amount_refunded, cents(quote.total));
    const order = await orderWhen(admin, orderNumber, (o) => o.status === 'refunded');
    assert.equal(order.amountRefunded, quote.total);
    assert.equal(order.refundable, '0.00');
    assert.deepEqual(
      order.refunds.map((r) => [r.status, r.amount]),
      [['succeeded', quote.total]],
    );
    assert.match(order.refunds[0].stripeRefundId!, /^re_/);
  });

  test('20 partial refunds of 5.00 at once on a 63.99 order: the succeeded ones add up to what Stripe refunded, never more than paid', async () => {
    const item = await catalogItem(h, '25.00');
    const { orderNumber, quote } = await paidOrder(h, admin, [[item, 2]]);
    assert.equal(quote.total, '63.99');
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(orderNumber, { amount: '5.00', reason: 'Goodwill' })));
    const ok = answers.filter((r) => r.status === 200).length;
    assert.equal(ok + answers.filter((r) => r.status === 409).length, 20, JSON.stringify(answers.map((r) => [r.status, r.body.message])));
    assert.equal(ok, 12, 'twelve refunds of 5.00 fit in 63.99');
    const charge = await chargeOf(h, quote.paymentIntentId);
    assert.equal(charge.amount_refunded, 60_00);
    const order = await orderWhen(admin, orderNumber, (o) => o.amountRefunded === '60.00');
    assert.equal(order.status, 'partially_refunded');
    assert.equal(order.refundable, '3.99');
    assert.equal(order.refunds.filter((r) => r.status === 'succeeded').length, 12);
    assert.equal(order.refunds.length, 12, 'a refused refund leaves no row');
    // The one path to commissions and the profit-bonus pool: each increase published once, adding up to the refunds.
    const events = await eventually(
      async () => {
        const found = await publishedEvents(OrdersEvents.refunded, (e) => e.orderNumber === orderNumber);
        return found.reduce((sum, e) => sum + cents(e.data.amount), 0) === 60_00 && found;
      },
      10_000,
      200,
    );
    assert.equal(events.at(-1)!.data.refundedTotal, '60.00');
  });

  test('a charge.refunded counting a refund whose row is still pending settles that row: the money is counted once, so the rest is refundable', async () => {
    const item = await catalogItem(h, '25.00');
    const { orderNumber, quote } = await paidOrder(h, admin, [[item, 2]]);
    assert.equal(quote.total, '63.99');
    const { orderId } = (await ordersDb.query(`SELECT id AS "orderId" FROM orders WHERE order_number = $1`, [orderNumber])).rows[0];
    // Stripe makes a refund of 10.00 for our row before the row is in the database (the refund's own webhooks find no
    // row), then the row is inserted pending: the moment after Stripe answered and before the answer settled it.
    const rowId = randomUUID();
    const made = await stripeApi(h, 'POST', '/v1/refunds', {
      payment_intent: quote.paymentIntentId,
      amount: '1000',
      'metadata[km_refund_id]': rowId,
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    await orderWhen(admin, orderNumber, (o) => o.amountRefunded === '10.00');
    await ordersDb.query(
      `INSERT INTO refunds (id, order_id, amount, reason, status, lines, cause, actor) VALUES ($1, $2, '10.00', 'Goodwill', 'pending', '[]', 'refund', 'admin')`,
      [rowId, orderId],
    );
    assert.equal((await adminOrder(admin, orderNumber)).refundable, '43.99', 'counted twice: pending and in Stripe’s sum');
    // Stripe's charge.refunded (sent again, as Stripe may): the row it counts is settled with its sum.
    const charge = await chargeOf(h, quote.paymentIntentId);
    const payload = stripeEvent('charge.refunded', { ...charge, payment_intent: quote.paymentIntentId });
    const res = await new Client(h.gateway).request('POST', '/api/webhooks/stripe', payload, {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(payload),
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const order = await adminOrder(admin, orderNumber);
    assert.deepEqual(
      order.refunds.map((r) => [r.refundId, r.status, r.stripeRefundId]),
      [[rowId, 'succeeded', made.body.id]],
    );
    assert.equal(order.refundable, '53.99');
    const rest = await refund(orderNumber, { amount: '53.99', reason: 'Goodwill' });
    assert.equal(rest.status, 200, JSON.stringify(rest.body));
    assert.equal((await chargeOf(h, quote.paymentIntentId)).amount_refunded, 63_99);
  });

  test('a refund by line with restock: the line’s share with its tax, the units counted, orders.order.restocked published once; the buyer gets one refund email naming the card', async () => {
    const keep = await catalogItem(h, '30.00', { name: 'Psalter' });
    const back = await catalogItem(h, '10.00', { name: 'Olive wood cross' });
    const { orderNumber, quote, email } = await paidOrder(h, admin, [
      [keep, 1],
      [back, 3],
    ]);
    const before = await adminOrder(admin, orderNumber);
    const line = before.items.find((l) => l.productId === back.id)!;
    const res = await refund(orderNumber, { lines: [{ lineId: line.lineId, quantity: 2, restock: true }], reason: 'Two arrived broken' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const order: AdminOrder = res.body;
    // 2 × 10.00 plus its 8 % tax (no member discount): 21.60.
    assert.deepEqual(
      order.refunds.map((r) => [r.status, r.amount, r.reason, r.lines.map((l) => [l.productId, l.quantity, l.restock])]),
      [['succeeded', '21.60', 'Two arrived broken', [[back.id, 2, true]]]],
    );
    assert.equal(order.items.find((l) => l.lineId === line.lineId)!.quantityRefunded, 2);
    assert.equal(order.status, 'partially_refunded');
    assert.deepEqual(order.card, { brand: 'visa', last4: '4242' });
    const step = order.timeline.find((s) => s.kind === 'refunded');
    assert.deepEqual(step && { ...step, at: undefined }, {
      kind: 'refunded',
      at: undefined,
      refundId: order.refunds[0].refundId,
      amount: '21.60',
      refundedTotal: '21.60',
      reason: 'Two arrived broken',
    });
    const restocked = await restockedOnce(orderNumber);
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal((await restockedOf(orderNumber)).length, 1);
    assert.deepEqual(
      { ...restocked[0].data, orderId: undefined },
      { orderId: undefined, orderNumber, lines: [{ productId: back.id, quantity: 2 }], reason: 'refund' },
    );
    const mails = await mailsOnce(`Refund of $21.60 for order ${orderNumber}`);
    assert.equal(mails.length, 1);
    assert.equal(mails[0].to[0].address, email);
    assert.match(mails[0].text, new RegExp(`we refunded \\$21\\.60 of order ${orderNumber} to your Visa card ending in 4242`));
    assert.match(mails[0].text, new RegExp(`See your order: http://localhost:\\d+/orders/${orderNumber}`));
    assert.equal(quote.total, '64.80');
  });

  test('hostile refunds get a clear 4xx and change nothing: 0, negative, more than is left, an unknown line, more units than ordered, no reason', async () => {
    const item = await catalogItem(h, '12.00');
    const { orderNumber } = await paidOrder(h, admin, [[item, 2]]);
    const { items } = await adminOrder(admin, orderNumber);
    const lineId = items[0].lineId;
    const cases: [unknown, number, string][] = [
      [{ amount: '0.00', reason: 'x' }, 400, 'amount must be more than 0.00'],
      [{ amount: 0, reason: 'x' }, 400, 'amount must be more than 0.00'],
      [{ amount: '-5.00', reason: 'x' }, 400, 'amount must be an amount like 12.50 (dollars and cents, not negative)'],
      [{ amount: -5, reason: 'x' }, 400, 'amount must be an amount like 12.50 (dollars and cents, not negative)'],
      [{ amount: '1000.00', reason: 'x' }, 409, `Only 35.91 is left to refund on order ${orderNumber}, less than 1000.00.`],
      [
        { lines: [{ lineId: '00000000-0000-4000-8000-000000000000', quantity: 1 }], reason: 'x' },
        400,
        `lines.0.lineId: order ${orderNumber} has no line 00000000-0000-4000-8000-000000000000`,
      ],
      [{ lines: [{ lineId, quantity: 3 }], reason: 'x' }, 400, `lines.0.quantity: only 2 of 2 × ${item.name} are left to refund, not 3`],
      [{ lines: [{ lineId: 'not-a-line', quantity: 1 }], reason: 'x' }, 400, "lines.0.lineId: lineId must be the id of one of the order's lines"],
      [{ amount: '5.00' }, 400, 'reason is required: say why the order is refunded'],
      [{ reason: 'nothing named' }, 400, 'amount: say what to refund: an amount, or lines with quantities'],
    ];
    for (const [body, status, message] of cases) {
      const res = await refund(orderNumber, body);
      assert.equal(res.status, status, `${JSON.stringify(body)} → ${res.status} ${JSON.stringify(res.body)}`);
      assert.equal(res.body.message, message, JSON.stringify(body));
    }
    const after = await adminOrder(admin, orderNumber);
    assert.deepEqual([after.status, after.amountRefunded, after.refunds.length, after.items[0].quantityRefunded], ['paid', '0.00', 0, 0]);
    assert.equal((await refund('KM-00000000', { amount: '1.00', reason: 'x' })).status, 404);
  });

  test('an unpaid order cannot be refunded (409 with the reason)', async () => {
    const item = await catalogItem(h, '9.00');
    const { orderNumber } = await placeOrder(h, [[item, 1]]);
    const res = await refund(orderNumber, { amount: '1.00', reason: 'x' });
    assert.equal(res.status, 409);
    assert.deepEqual(
      [res.body.details.reason, res.body.message],
      ['order_not_refundable', `Order ${orderNumber} is pending payment: only a paid order can be refunded.`],
    );
  });

  test('Stripe reporting a refund failed later (refund.updated, status failed): the row fails once, its units and money are refundable again, the timeline says why', async () => {
    const item = await catalogItem(h, '15.00');
    const { orderNumber } = await paidOrder(h, admin, [[item, 2]]);
    const { items } = await adminOrder(admin, orderNumber);
    const done = (await refund(orderNumber, { lines: [{ lineId: items[0].lineId, quantity: 1, restock: false }], reason: 'Returned' })).body as AdminOrder;
    const row = done.refunds[0];
    const payload = stripeEvent('refund.updated', {
      id: row.stripeRefundId,
      object: 'refund',
      amount: cents(row.amount),
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
      metadata: { km_refund_id: row.refundId, order_number: orderNumber },
    });
    for (let i = 0; i < 2; i++) {
      const res = await new Client(h.gateway).request('POST', '/api/webhooks/stripe', payload, {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(payload),
      });
      assert.equal(res.status, 200);
    }
    const order = await adminOrder(admin, orderNumber);
    assert.deepEqual(
      order.refunds.map((r) => [r.status, r.failure]),
      [['failed', 'expired_or_canceled_card']],
    );
    assert.equal(order.items[0].quantityRefunded, 0);
    assert.equal(order.status, 'paid');
    assert.equal(order.refundable, order.amountReceived);
    const failed = order.timeline.filter((s) => s.kind === 'refund_failed');
    assert.equal(failed.length, 1);
    assert.deepEqual(
      { ...failed[0], at: undefined },
      {
        kind: 'refund_failed',
        at: undefined,
        refundId: row.refundId,
        amount: '16.20',
        reason: 'Returned',
        message: 'expired_or_canceled_card',
      },
    );
  });
});

describe('shipments', () => {
  test('ship part of a line with UPS and a tracking number, undo a mistake, ship the rest, mark delivered: statuses follow, the buyer gets one email per shipment with the tracking link', async () => {
    const book = await catalogItem(h, '18.00', { name: 'Book of Ruth' });
    const { orderNumber, email } = await paidOrder(h, admin, [[book, 3]]);
    const { items } = await adminOrder(admin, orderNumber);
    const lineId = items[0].lineId;
    const ship = (body: unknown) => admin.post(`/api/admin/orders/${orderNumber}/fulfilments`, body);

    const first = await ship({ lines: [{ lineId, quantity: 2 }], carrier: 'ups', trackingNumber: '1Z999AA10123456784' });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.fulfilmentStatus, 'partially_fulfilled');
    const parcel = first.body.fulfilments[0];
    assert.deepEqual(
      [parcel.status, parcel.carrier, parcel.trackingNumber, parcel.trackingUrl],
      ['shipped', 'ups', '1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    );
    const tooMany = await ship({ lines: [{ lineId, quantity: 2 }], carrier: 'usps', trackingNumber: '9400100000000000000000' });
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.message, 'lines.0.quantity: only 1 × Book of Ruth is left to ship, not 2');
    const badUrl = await ship({ lines: [{ lineId, quantity: 1 }], carrier: 'ups', trackingUrl: 'https://example.com/x' });
    assert.equal(badUrl.status, 400);
    assert.equal(badUrl.body.message, 'trackingUrl is only for carrier "other": the listed carriers have their own tracking pages');

    const undone = await admin.post(`/api/admin/orders/${orderNumber}/fulfilments/${parcel.fulfilmentId}/undo`, {});
    assert.equal(undone.status, 200);
    assert.equal(undone.body.fulfilmentStatus, 'unfulfilled');
    assert.equal(undone.body.items[0].quantityFulfilled, 0);
    const delivered = await admin.post(`/api/admin/orders/${orderNumber}/fulfilments/${parcel.fulfilmentId}/delivered`, {});
    assert.equal(delivered.status, 409);
    assert.equal(delivered.body.details.reason, 'fulfilment_not_active');

    const all = await ship({
      lines: [{ lineId, quantity: 3 }],
      carrier: 'other',
      trackingNumber: 'LOCAL-77',
      trackingUrl: 'https://couriers.example/track/LOCAL-77',
    });
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.equal(all.body.fulfilmentStatus, 'fulfilled');
    const second = all.body.fulfilments[1];
    const arrived = await admin.post(`/api/admin/orders/${orderNumber}/fulfilments/${second.fulfilmentId}/delivered`, {});
    assert.equal(arrived.status, 200);
    const kinds = (arrived.body as AdminOrder).timeline.map((s) => s.kind);
    assert.deepEqual(kinds, ['placed', 'paid', 'fulfilled', 'fulfilment_undone', 'fulfilled', 'delivered']);

    const mails = await mailsOnce(`Order ${orderNumber} has shipped`, 2);
    assert.equal(mails.length, 2, 'one email per shipment, the undone one included (it had left when it was sent)');
    const last = mails.find((m) => m.text.includes('LOCAL-77'))!;
    assert.equal(last.to[0].address, email);
    assert.match(last.text, /3 × Book of Ruth/);
    assert.match(last.text, /Carrier: Other\nTracking number: LOCAL-77\nTrack it: https:\/\/couriers\.example\/track\/LOCAL-77/);
    assert.match(
      mails.find((m) => m.text.includes('1Z999'))!.text,
      /Carrier: UPS\nTracking number: 1Z999AA10123456784\nTrack it: https:\/\/www\.ups\.com\/track\?tracknum=1Z999AA10123456784/,
    );
  });

  test('an unpaid order cannot ship (409); a service line needs no shipping (400), and an order is fulfilled once its physical lines shipped', async () => {
    const book = await catalogItem(h, '11.00', { name: 'Field guide' });
    const unpaid = await placeOrder(h, [[book, 1]]);
    const unpaidLine = (await adminOrder(admin, unpaid.orderNumber)).items[0].lineId;
    const refused = await admin.post(`/api/admin/orders/${unpaid.orderNumber}/fulfilments`, { lines: [{ lineId: unpaidLine, quantity: 1 }], carrier: 'usps' });
    assert.equal(refused.status, 409);
    assert.deepEqual(
      [refused.body.details.reason, refused.body.message],
      ['order_not_fulfillable', `Order ${unpaid.orderNumber} is pending payment: only a paid order is shipped.`],
    );

    const service = await h.rpc.send(CatalogSubjects.create, {
      kind: 'service',
      item: { name: 'Manuscript review', price: '45.00', description: 'A service line.', category: 'Writing', tags: [], inStock: true, featured: false },
      imageKey: `media/catalog/${randomUUID()}.png`,
    });
    const { orderNumber } = await paidOrder(h, admin, [
      [book, 1],
      [service, 1],
    ]);
    const order = await adminOrder(admin, orderNumber);
    assert.deepEqual(
      order.items.map((l) => [l.productName, l.requiresShipping]),
      [
        ['Field guide', true],
        ['Manuscript review', false],
      ],
    );
    const serviceLine = order.items.find((l) => !l.requiresShipping)!.lineId;
    const noShipping = await admin.post(`/api/admin/orders/${orderNumber}/fulfilments`, { lines: [{ lineId: serviceLine, quantity: 1 }], carrier: 'usps' });
    assert.equal(noShipping.status, 400);
    assert.equal(noShipping.body.message, 'lines.0.lineId: Manuscript review needs no shipping');
    const shipped = await admin.post(`/api/admin/orders/${orderNumber}/fulfilments`, {
      lines: [{ lineId: order.items.find((l) => l.requiresShipping)!.lineId, quantity: 1 }],
      carrier: 'usps',
      trackingNumber: '9400 1000 0000 0000 0000 00',
    });
    assert.equal(shipped.status, 200);
    assert.equal(shipped.body.fulfilmentStatus, 'fulfilled');
    assert.equal(shipped.body.fulfilments[0].trackingUrl, 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000%200000%200000%200000%2000');
  });
});

describe('cancel and notes', () => {
  test('cancelling a paid order refunds it in full with a restock, once; the buyer gets one cancellation email and one refund email', async () => {
    const item = await catalogItem(h, '22.00', { name: 'Candle' });
    const { orderNumber, quote, email } = await paidOrder(h, admin, [[item, 2]]);
    const [a, b] = await Promise.all([
      admin.post(`/api/admin/orders/${orderNumber}/cancel`, { reason: 'Buyer asked', restock: true }),
      admin.post(`/api/admin/orders/${orderNumber}/cancel`, { reason: 'Buyer asked', restock: true }),
    ]);
    assert.deepEqual([a.status, b.status], [200, 200], JSON.stringify([a.body, b.body]));
    const order = await orderWhen(admin, orderNumber, (o) => o.amountRefunded === quote.total);
    assert.equal(order.status, 'cancelled');
    assert.equal((await chargeOf(h, quote.paymentIntentId)).amount_refunded, cents(quote.total));
    assert.deepEqual(
      order.refunds.map((r) => [r.status, r.amount]),
      [['succeeded', quote.total]],
    );
    assert.equal(order.timeline.filter((s) => s.kind === 'cancelled').length, 1);
    const restocked = await restockedOnce(orderNumber);
    assert.deepEqual(restocked[0].data.lines, [{ productId: item.id, quantity: 2 }]);
    assert.equal(restocked[0].data.reason, 'cancel');
    const cancelled = await mailsOnce(`Order ${orderNumber} cancelled`);
    assert.equal(cancelled.length, 1);
    assert.equal(cancelled[0].to[0].address, email);
    assert.match(cancelled[0].text, /Everything you paid is refunded to your card/);
    assert.equal((await mailsOnce(`Refund of $${quote.total} for order ${orderNumber}`)).length, 1);
  });

  test('a shipped order cannot be cancelled (409 with what to do instead)', async () => {
    const item = await catalogItem(h, '13.00');
    const { orderNumber } = await paidOrder(h, admin, [[item, 1]]);
    const { items } = await adminOrder(admin, orderNumber);
    assert.equal(
      (
        await admin.post(`/api/admin/orders/${orderNumber}/fulfilments`, {
          lines: [{ lineId: items[0].lineId, quantity: 1 }],
          carrier: 'dhl',
          trackingNumber: '1234567890',
        })
      ).status,
      200,
    );
    const res = await admin.post(`/api/admin/orders/${orderNumber}/cancel`, { reason: 'Changed mind' });
    assert.equal(res.status, 409);
    assert.equal(res.body.message, `Order ${orderNumber} has shipped: undo its shipments if they never left, or refund what comes back instead of cancelling.`);
  });

  test('a staff note is on the admin timeline with its author, never on the buyer’s', async () => {
    const item = await catalogItem(h, '8.00');
    const { orderNumber, email } = await paidOrder(h, admin, [[item, 1]]);
    const res = await admin.post(`/api/admin/orders/${orderNumber}/notes`, { text: 'Gift wrap requested by phone' });
    assert.equal(res.status, 200);
    const note = (res.body as AdminOrder).timeline.find((s) => s.kind === 'note');
    assert.deepEqual(note && { ...note, at: undefined }, { kind: 'note', at: undefined, text: 'Gift wrap requested by phone', author: 'admin' });
    const buyer = await new Client(h.gateway).get(`/api/orders/${orderNumber}?email=${encodeURIComponent(email)}`);
    assert.deepEqual(
      buyer.body.timeline.map((s: { kind: string }) => s.kind),
      ['placed', 'paid'],
    );
  });

  test('the admin order routes are 401 signed out, 403 for a signed-in non-admin', async () => {
    const item = await catalogItem(h, '8.00');
    const { orderNumber } = await placeOrder(h, [[item, 1]]);
    const visitor = new Client(h.gateway);
    const routes: [string, string][] = [
      ['GET', `/api/admin/orders/${orderNumber}`],
      ['POST', `/api/admin/orders/${orderNumber}/refunds`],
      ['POST', `/api/admin/orders/${orderNumber}/fulfilments`],
      ['POST', `/api/admin/orders/${orderNumber}/cancel`],
      ['POST', `/api/admin/orders/${orderNumber}/notes`],
    ];
    for (const [method, path] of routes) {
      const res = await visitor.request(method, path, method === 'POST' ? { amount: '1.00', reason: 'x', text: 'x' } : undefined);
      assert.equal(res.status, 401, `${method} ${path}`);
    }
    const order = await adminOrder(admin, orderNumber);
    assert.equal(order.status, 'pending_payment');
    assert.equal(order.timeline.length, 1);
    // A signed-in user who is not an admin is refused as well.
    const user = new Client(h.gateway);
    const username = `buyer_${randomUUID().slice(0, 8)}`;
    assert.equal((await user.post('/api/auth/register', { username, password: 'password-123', email: `${username}@example.com` })).status, 202);
    assert.equal((await user.post('/api/auth/login', { username, password: 'password-123' })).status, 200);
    for (const [method, path] of routes) {
      const res = await user.request(method, path, method === 'POST' ? { amount: '1.00', reason: 'x', text: 'x' } : undefined);
      assert.deepEqual([res.status, res.body.message], [403, 'Admin access required.'], `${method} ${path}`);
    }
    assert.equal((await adminOrder(admin, orderNumber)).timeline.length, 1);
  });
});
