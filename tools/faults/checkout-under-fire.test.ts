import assert from 'node:assert/strict';
import { CheckoutDrill, killRestarted } from './checkout-drill';
import { note, Session } from './stack';

/**
 * Checkout under fire: the checkout drill (checkout-drill.ts: 200 checkouts, 20 in flight, stock running out, then
 * every order paid) with one replica of each service; kill -9 of orders, then one of the 3 NATS servers, then the
 * gateway while the checkouts run (the supervisor restarts each), and of orders once more while the payments are
 * confirmed (Stripe's webhook deliveries are retried). Checked: one order and one intent per order number, paid at
 * its total, the stock's units exactly accounted for, one confirmation email per paid order.
 */

const drill = new CheckoutDrill(200, 20);
beforeAll(() => drill.connect());
afterAll(() => drill.close());

describe('checkout under fire', () => {
  test(`${drill.checkouts} checkouts with kill -9 of orders, NATS and the gateway: one order and one intent per order number, one email per paid order, paid at its total`, async () => {
    await drill.stockShelves();
    const load = drill.checkOut(new Session());
    // The faults, one after another while checkouts are in flight.
    for (const [name, after] of [
      ['orders', drill.checkouts * 0.2],
      ['nats-0', drill.checkouts * 0.45],
      ['gateway', drill.checkouts * 0.7],
    ] as const) {
      const at = await drill.startedAtLeast(after);
      drill.killed.push(`${name} (pid ${await killRestarted(name, !name.startsWith('nats'))}) at checkout ${at}`);
    }
    await load;

    // Pay every order while orders dies once more: Stripe's webhook deliveries to it are retried.
    const payments = drill.pay();
    const at = await drill.halfConfirmed();
    drill.killed.push(`orders (pid ${await killRestarted('orders', true)}) at payment ${at}`);
    await payments;

    const { checked, notOneEmail } = await drill.check();
    note('checkout under fire', `${drill.summary()}; checked: ${checked}`);
    assert.deepEqual(notOneEmail, []);
  });
});
