import { MEMBER_DISCOUNT_PERCENT } from '@km/contracts/vocabulary';
import { button, heading, lineItems, lines, paragraph, renderMail, section, strong, type OutgoingMail, type TotalRow } from '@km/nest-kit/mail';
import type { Order } from '../orders/order.entity';
import { orderPageLink } from './order-links';

const dollars = (amount: string) => `$${amount}`;
const isZero = (amount: string | null | undefined) => !amount || Number(amount) === 0;

/** The confirmation a buyer receives once Stripe reports the payment: number, lines, totals and where it ships. */
export function orderConfirmationMail(order: Order, origin: string): OutgoingMail {
  const sorted = [...order.lines].sort((a, b) => a.position - b.position);
  // As the checkout's summary shows them (web/src/features/checkout/order-summary.ts).
  const totals: TotalRow[] = [
    { label: 'Subtotal', value: dollars(order.subtotal) },
    ...(isZero(order.memberDiscount) ? [] : [{ label: `Member discount (${MEMBER_DISCOUNT_PERCENT}%)`, value: `-${dollars(order.memberDiscount)}` }]),
    { label: 'Tax', value: dollars(order.tax) },
    { label: 'Shipping', value: isZero(order.shipping) ? 'FREE' : dollars(order.shipping) },
    { label: 'Total', value: dollars(order.total), grand: true },
  ];
  return renderMail({
    to: order.customerEmail,
    subject: `Order ${order.orderNumber} confirmed - Kingdom Marketplace`,
    origin,
    preheader: `Your payment of ${dollars(order.total)} was received and order ${order.orderNumber} is confirmed.`,
    reason: `You are receiving this email because you placed order ${order.orderNumber} at Kingdom Marketplace.`,
    blocks: [
      heading(`Thank you for your order, ${order.customerName}!`),
      paragraph('Your payment was received and order ', strong(order.orderNumber), ' is confirmed.'),
      lineItems(
        sorted.map((l) => ({ name: l.productName, quantity: l.quantity, unitPrice: dollars(l.unitPrice), total: dollars(l.lineTotal) })),
        totals,
      ),
      section('Shipping to', order.shippingAddress),
      // The order's status page, opened without a password (ADR 0036).
      button("See your order's status and print a receipt", orderPageLink(order)),
      lines(`Questions? Reply to this email and mention ${order.orderNumber}.`, 'Kingdom Marketplace'),
    ],
  });
}
