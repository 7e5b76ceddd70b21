import assert from 'node:assert/strict';
import type { Fulfilment } from '../fulfilment/fulfilment.entity';
import type { Order } from '../orders/order.entity';
import { orderCancelledMail, orderRefundedMail, orderShippedMail } from './order-step-mails';

const order = { orderNumber: 'KM-7Q2M9XKD', customerName: 'Lydia <Purple>', customerEmail: 'lydia@example.com', cardBrand: 'visa', cardLast4: '4242' } as Order;
const origin = 'https://shop.example';
const link = 'https://shop.example/orders/KM-7Q2M9XKD#key=k';

test('the shipped email names the lines, the carrier, the tracking number and its link, and links the order', () => {
  const shipment = {
    carrier: 'ups',
    trackingNumber: '1Z999',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
    lines: [{ lineId: 'l', productId: 'p', productName: 'Psalter & Hymns', quantity: 2 }],
  } as Fulfilment;
  const mail = orderShippedMail(order, shipment, link, origin);
  assert.equal(mail.subject, 'Order KM-7Q2M9XKD has shipped - Kingdom Marketplace');
  assert.equal(
    mail.text,
    [
      'Your order is on its way',
      '',
      'Good news, Lydia <Purple>: part of order KM-7Q2M9XKD is on its way.',
      '',
      '  2 × Psalter & Hymns',
      '',
      'Carrier: UPS\nTracking number: 1Z999\nTrack it: https://www.ups.com/track?tracknum=1Z999',
      '',
      'See your order: https://shop.example/orders/KM-7Q2M9XKD#key=k',
      '',
      '-- ',
      'Kingdom Marketplace: https://shop.example',
      'You are receiving this email because you placed order KM-7Q2M9XKD at Kingdom Marketplace.',
      '',
    ].join('\n'),
  );
  assert.match(mail.html!, /Lydia &lt;Purple&gt;/);
  assert.match(mail.html!, /Psalter &amp; Hymns/);
});

test('the refund email says how much went back to which card; without a known card it says the card paid with', () => {
  assert.match(orderRefundedMail(order, '21.60', link, origin).text, /we refunded \$21\.60 of order KM-7Q2M9XKD to your Visa card ending in 4242\./);
  assert.match(orderRefundedMail({ ...order, cardBrand: null, cardLast4: null } as Order, '5.00', link, origin).text, /to the card you paid with\./);
});

test('the cancellation email says whether anything was charged', () => {
  assert.match(orderCancelledMail(order, true, link, origin).text, /Everything you paid is refunded/);
  assert.match(orderCancelledMail(order, false, link, origin).text, /nothing was charged/);
});
