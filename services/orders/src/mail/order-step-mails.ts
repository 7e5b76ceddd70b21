import { CARRIER_LABELS, type Carrier } from '@km/contracts/vocabulary';
import { button, heading, lines, paragraph, renderMail, strong, type OutgoingMail } from '@km/nest-kit/mail';
import type { Fulfilment } from '../fulfilment/fulfilment.entity';
import type { Order } from '../orders/order.entity';

const brandName = (brand: string) => ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' })[brand] ?? brand;
const reason = (order: Order) => `You are receiving this email because you placed order ${order.orderNumber} at Kingdom Marketplace.`;

/** Some of the order shipped: what, with which carrier, and the tracking number and link. */
export function orderShippedMail(order: Order, shipment: Fulfilment, link: string, origin: string): OutgoingMail {
  const carrier = CARRIER_LABELS[shipment.carrier as Carrier] ?? shipment.carrier;
  return renderMail({
    to: order.customerEmail,
    subject: `Order ${order.orderNumber} has shipped - Kingdom Marketplace`,
    origin,
    preheader: `Part of order ${order.orderNumber} is on its way with ${carrier}.`,
    reason: reason(order),
    blocks: [
      heading('Your order is on its way'),
      paragraph(`Good news, ${order.customerName}: part of order `, strong(order.orderNumber), ' is on its way.'),
      lines(...shipment.lines.map((l) => `  ${l.quantity} × ${l.productName}`)),
      lines(
        `Carrier: ${carrier}`,
        ...(shipment.trackingNumber ? [`Tracking number: ${shipment.trackingNumber}`] : []),
        ...(shipment.trackingUrl ? [`Track it: ${shipment.trackingUrl}`] : []),
      ),
      button('See your order', link),
    ],
  });
}

/** Money went back to the buyer's card: how much, and to which card. */
export function orderRefundedMail(order: Order, amount: string, link: string, origin: string): OutgoingMail {
  const card = order.cardBrand && order.cardLast4 ? `your ${brandName(order.cardBrand)} card ending in ${order.cardLast4}` : 'the card you paid with';
  return renderMail({
    to: order.customerEmail,
    subject: `Refund of $${amount} for order ${order.orderNumber} - Kingdom Marketplace`,
    origin,
    preheader: `$${amount} of order ${order.orderNumber} is on its way back to your card.`,
    reason: reason(order),
    blocks: [
      heading(`Refund of $${amount}`),
      paragraph(`${order.customerName}, we refunded $${amount} of order ${order.orderNumber} to ${card}.`),
      paragraph('Your bank usually shows it within 5 to 10 business days.'),
      button('See your order', link),
    ],
  });
}

/** The order was cancelled: refunded in full if it was paid, never charged if not. */
export function orderCancelledMail(order: Order, wasPaid: boolean, link: string, origin: string): OutgoingMail {
  return renderMail({
    to: order.customerEmail,
    subject: `Order ${order.orderNumber} cancelled - Kingdom Marketplace`,
    origin,
    preheader: `Order ${order.orderNumber} was cancelled.`,
    reason: reason(order),
    blocks: [
      heading('Your order was cancelled'),
      paragraph(`${order.customerName}, order ${order.orderNumber} was cancelled.`),
      paragraph(
        wasPaid
          ? 'Everything you paid is refunded to your card; a separate email confirms the refund.'
          : 'Its payment was not completed, so nothing was charged.',
      ),
      paragraph(`Questions? Reply to this email and mention ${order.orderNumber}.`),
      button('See your order', link),
    ],
  });
}
