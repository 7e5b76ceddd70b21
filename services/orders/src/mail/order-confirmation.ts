import type { OutgoingMail } from '@km/nest-kit/mail';
import type { Order } from '../orders/order.entity';
import { orderPageLink } from './order-links';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The confirmation a buyer receives once Stripe reports the payment: number, lines, totals and where it ships. */
export function orderConfirmationMail(order: Order): OutgoingMail {
  const lines = [...order.lines].sort((a, b) => a.position - b.position);
  const shipping = Number(order.shipping) === 0 ? 'FREE' : `$${order.shipping}`;
  // The order's status page, opened without a password (ADR 0036).
  const link = orderPageLink(order);
  const text = [
    `Thank you for your order, ${order.customerName}!`,
    '',
    `Your payment was received and order ${order.orderNumber} is confirmed.`,
    '',
    ...lines.map((l) => `  ${l.quantity} × ${l.productName} at $${l.unitPrice} = $${l.lineTotal}`),
    '',
    `Subtotal: $${order.subtotal}`,
    `Tax: $${order.tax}`,
    `Shipping: ${shipping}`,
    `Total: $${order.total}`,
    '',
    'Shipping to:',
    order.shippingAddress,
    '',
    `See your order's status and print a receipt: ${link}`,
    '',
    `Questions? Reply to this email and mention ${order.orderNumber}.`,
    'Kingdom Marketplace',
  ].join('\n');
  const rows = lines
    .map((l) => `<tr><td>${l.quantity} × ${escapeHtml(l.productName)}</td><td align="right">$${l.unitPrice}</td><td align="right">$${l.lineTotal}</td></tr>`)
    .join('');
  const html = `<h1>Thank you for your order, ${escapeHtml(order.customerName)}!</h1>
<p>Your payment was received and order <strong>${order.orderNumber}</strong> is confirmed.</p>
<table cellpadding="4">${rows}
<tr><td colspan="2">Subtotal</td><td align="right">$${order.subtotal}</td></tr>
<tr><td colspan="2">Tax</td><td align="right">$${order.tax}</td></tr>
<tr><td colspan="2">Shipping</td><td align="right">${shipping}</td></tr>
<tr><td colspan="2"><strong>Total</strong></td><td align="right"><strong>$${order.total}</strong></td></tr></table>
<p>Shipping to:<br>${escapeHtml(order.shippingAddress)}</p>
<p><a href="${escapeHtml(link)}">View your order</a>: its status, and a receipt to print.</p>
<p>Questions? Reply to this email and mention ${order.orderNumber}.</p>`;
  return { to: order.customerEmail, subject: `Order ${order.orderNumber} confirmed - Kingdom Marketplace`, text, html };
}
