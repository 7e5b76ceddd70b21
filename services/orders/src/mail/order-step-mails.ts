import { CARRIER_LABELS, type Carrier } from '@km/contracts';
import type { OutgoingMail } from '@km/nest-kit/mail';
import type { Fulfilment } from '../fulfilment/fulfilment.entity';
import type { Order } from '../orders/order.entity';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const brandName = (brand: string) => ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' })[brand] ?? brand;

/** Text and a matching HTML part from paragraphs (each a list of lines); `link` ends both. */
function mail(to: string, subject: string, paragraphs: string[][], link: string): OutgoingMail {
  const text = [...paragraphs.map((p) => p.join('\n')), `See your order: ${link}`, 'Kingdom Marketplace'].join('\n\n');
  const html = [...paragraphs.map((p) => `<p>${p.map(escapeHtml).join('<br>')}</p>`), `<p><a href="${escapeHtml(link)}">See your order</a></p>`].join('\n');
  return { to, subject, text, html };
}

/** Some of the order shipped: what, with which carrier, and the tracking number and link. */
export function orderShippedMail(order: Order, shipment: Fulfilment, link: string): OutgoingMail {
  const carrier = CARRIER_LABELS[shipment.carrier as Carrier] ?? shipment.carrier;
  return mail(
    order.customerEmail,
    `Order ${order.orderNumber} has shipped - Kingdom Marketplace`,
    [
      [`Good news, ${order.customerName}: part of order ${order.orderNumber} is on its way.`],
      shipment.lines.map((l) => `  ${l.quantity} × ${l.productName}`),
      [
        `Carrier: ${carrier}`,
        ...(shipment.trackingNumber ? [`Tracking number: ${shipment.trackingNumber}`] : []),
        ...(shipment.trackingUrl ? [`Track it: ${shipment.trackingUrl}`] : []),
      ],
    ],
    link,
  );
}

/** Money went back to the buyer's card: how much, and to which card. */
export function orderRefundedMail(order: Order, amount: string, link: string): OutgoingMail {
  const card = order.cardBrand && order.cardLast4 ? `your ${brandName(order.cardBrand)} card ending in ${order.cardLast4}` : 'the card you paid with';
  return mail(
    order.customerEmail,
    `Refund of $${amount} for order ${order.orderNumber} - Kingdom Marketplace`,
    [[`${order.customerName}, we refunded $${amount} of order ${order.orderNumber} to ${card}.`], ['Your bank usually shows it within 5 to 10 business days.']],
    link,
  );
}

/** The order was cancelled: refunded in full if it was paid, never charged if not. */
export function orderCancelledMail(order: Order, wasPaid: boolean, link: string): OutgoingMail {
  return mail(
    order.customerEmail,
    `Order ${order.orderNumber} cancelled - Kingdom Marketplace`,
    [
      [`${order.customerName}, order ${order.orderNumber} was cancelled.`],
      [
        wasPaid
          ? 'Everything you paid is refunded to your card; a separate email confirms the refund.'
          : 'Its payment was not completed, so nothing was charged.',
      ],
      [`Questions? Reply to this email and mention ${order.orderNumber}.`],
    ],
    link,
  );
}
