import type { AdminOrder, CatalogItem, PaymentIntentQuote } from '@km/contracts';
import { eventually } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ADMIN, caughtMails, type CheckoutHarness, Client, stripeApi } from './harness';

export type Line = [CatalogItem, number];
export const SHIPPING_ADDRESS = '7 Threshing Floor Lane, Bethlehem, PA 18015, United States';

/** A signed-in admin of the harness's gateway. */
export async function signedInAdmin(h: CheckoutHarness): Promise<Client> {
  const admin = new Client(h.gateway);
  const login = await admin.post('/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return admin;
}

/** An order placed as the checkout page places it (not paid yet). */
export async function placeOrder(h: CheckoutHarness, lines: Line[]): Promise<{ orderNumber: string; email: string; quote: PaymentIntentQuote }> {
  const visitor = new Client(h.gateway);
  const q = await visitor.post('/api/create-payment-intent', {
    checkoutId: randomUUID(),
    items: lines.map(([item, quantity]) => ({ productId: item.id, quantity })),
  });
  assert.equal(q.status, 200, JSON.stringify(q.body));
  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const placed = await visitor.post('/api/orders', {
    paymentIntentId: q.body.paymentIntentId,
    customerEmail: email,
    customerName: 'Naomi of Bethlehem',
    shippingAddress: SHIPPING_ADDRESS,
    items: q.body.items,
  });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  return { orderNumber: placed.body.orderNumber, email, quote: q.body };
}

/** An order placed and paid with a Visa at the emulator; answers once the webhook made it paid. */
export async function paidOrder(h: CheckoutHarness, admin: Client, lines: Line[]) {
  const placed = await placeOrder(h, lines);
  const confirmed = await stripeApi(h, 'POST', `/v1/payment_intents/${placed.quote.paymentIntentId}/confirm`, { payment_method: 'pm_card_visa' });
  assert.equal(confirmed.body.status, 'succeeded');
  await orderWhen(admin, placed.orderNumber, (o) => o.status === 'paid');
  return placed;
}

export const adminOrder = async (admin: Client, orderNumber: string): Promise<AdminOrder> => {
  const res = await admin.get(`/api/admin/orders/${orderNumber}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
};

/** The order once `ready` says so (a webhook or the outbox may still be on its way). */
export const orderWhen = (admin: Client, orderNumber: string, ready: (order: AdminOrder) => boolean): Promise<AdminOrder> =>
  eventually(
    async () => {
      const order = await adminOrder(admin, orderNumber);
      return ready(order) && order;
    },
    15_000,
    100,
  );

/** The charge Stripe made for an order's payment, as Stripe has it. */
export async function chargeOf(h: CheckoutHarness, paymentIntentId: string) {
  const intent = (await stripeApi(h, 'GET', `/v1/payment_intents/${paymentIntentId}`)).body;
  return (await stripeApi(h, 'GET', `/v1/charges/${intent.latest_charge}`)).body as { id: string; amount: number; amount_refunded: number };
}

/** Mails whose subject names `needle`, once at least `count` arrived and a little longer, so a duplicate would show. */
export async function mailsOnce(needle: string, count = 1) {
  await eventually(async () => (await caughtMails(needle)).length >= count, 15_000, 100);
  await new Promise((r) => setTimeout(r, 800));
  return caughtMails(needle);
}
