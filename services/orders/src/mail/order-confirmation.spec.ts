import assert from 'node:assert/strict';
import type { OrderLine } from '../orders/order-line.entity';
import type { Order } from '../orders/order.entity';
import { orderConfirmationMail } from './order-confirmation';
import { orderLinkKey } from './order-links';

const origin = 'https://kingdom.example';

const line = (position: number, productName: string, unitPrice: string, quantity: number, lineTotal: string) =>
  ({ position, productName, unitPrice, quantity, lineTotal }) as OrderLine;

const order = (overrides: Partial<Order> = {}) =>
  ({
    id: '0b8f4c1e-6a53-4c2f-9d1e-2f7a8b9c0d1e',
    orderNumber: 'KM-7Q2M9XKD',
    customerName: 'Lydia <Purple> Seller',
    customerEmail: 'lydia@example.com',
    shippingAddress: '1 Riverside, Philippi, MA 01001, United States',
    subtotal: '49.97',
    tax: '4.00',
    shipping: '9.99',
    total: '63.96',
    lines: [line(1, 'Cross & Chain', '9.99', 3, '29.97'), line(0, 'Grace Study Bible', '20.00', 1, '20.00')],
    ...overrides,
  }) as Order;

/** The development settings (config.ts's defaults): the link carries the order's key in its fragment (ADR 0036). */
const LINK = `http://localhost:3000/orders/KM-7Q2M9XKD#key=${orderLinkKey('0b8f4c1e-6a53-4c2f-9d1e-2f7a8b9c0d1e', 'order-link-secret-dev-only-0123456789abcdef')}`;

test('the confirmation names the order, every line in cart order, the totals and the address', () => {
  const mail = orderConfirmationMail(order(), origin);
  assert.equal(mail.to, 'lydia@example.com');
  assert.equal(mail.subject, 'Order KM-7Q2M9XKD confirmed - Kingdom Marketplace');
  assert.equal(
    mail.text,
    [
      'Thank you for your order, Lydia <Purple> Seller!',
      '',
      'Your payment was received and order KM-7Q2M9XKD is confirmed.',
      '',
      '  1 × Grace Study Bible at $20.00 = $20.00',
      '  3 × Cross & Chain at $9.99 = $29.97',
      '',
      'Subtotal: $49.97',
      'Tax: $4.00',
      'Shipping: $9.99',
      'Total: $63.96',
      '',
      'Shipping to:',
      '1 Riverside, Philippi, MA 01001, United States',
      '',
      `See your order's status and print a receipt: ${LINK}`,
      '',
      'Questions? Reply to this email and mention KM-7Q2M9XKD.',
      'Kingdom Marketplace',
      '',
      '-- ',
      'Kingdom Marketplace: https://kingdom.example',
      'You are receiving this email because you placed order KM-7Q2M9XKD at Kingdom Marketplace.',
      '',
    ].join('\n'),
  );
});

test('free shipping reads FREE, as on the checkout page', () => {
  assert.match(orderConfirmationMail(order({ shipping: '0.00' }), origin).text, /^Shipping: FREE$/m);
});

test("an active member's discount is a line of its own, worded as at checkout", () => {
  assert.match(orderConfirmationMail(order({ memberDiscount: '2.50' }), origin).text, /^Subtotal: \$49\.97\nMember discount \(5%\): -\$2\.50\nTax: \$4\.00$/m);
  assert.doesNotMatch(orderConfirmationMail(order({ memberDiscount: '0.00' }), origin).text, /Member discount/);
});

test('names in the HTML part are escaped', () => {
  const { html } = orderConfirmationMail(order(), origin);
  assert.match(html!, /Lydia &lt;Purple&gt; Seller/);
  assert.match(html!, /Cross &amp; Chain/);
  assert.doesNotMatch(html!, /<Purple>/);
});

test('the HTML part links to the order page with its key, and names no email address in it', () => {
  const { html } = orderConfirmationMail(order(), origin);
  assert.match(html!, new RegExp(`<a href="${LINK.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>See your order&#39;s status and print a receipt</a>`));
  assert.doesNotMatch(LINK, /lydia/i);
});
