import { HOSTILE_TEXT, type MailTemplates } from '@km/nest-kit/mail';
import type { OrderLine } from '../orders/order-line.entity';
import type { Order } from '../orders/order.entity';
import { orderConfirmationMail } from './order-confirmation';
import { orderCancelledMail, orderRefundedMail, orderShippedMail } from './order-step-mails';
import { paymentReviewAlertMail } from './payment-review-alert';
import type { Fulfilment } from '../fulfilment/fulfilment.entity';

const origin = 'https://kingdom.example';
const line = (position: number, productName: string, unitPrice: string, quantity: number, lineTotal: string) =>
  ({ position, productName, unitPrice, quantity, lineTotal }) as OrderLine;

/** A member's paid order with every kind of total and free text in the name, a product and the address. */
const SAMPLE_ORDER = {
  orderNumber: 'KM-7Q2M9XKD',
  customerName: HOSTILE_TEXT,
  customerEmail: 'lydia@example.com',
  shippingAddress: `1 Riverside, ${HOSTILE_TEXT}, Philippi, MA 01001, United States`,
  subtotal: '69.97',
  memberDiscount: '3.50',
  tax: '5.32',
  shipping: '0.00',
  total: '71.79',
  lines: [line(1, HOSTILE_TEXT, '9.99', 3, '29.97'), line(0, 'Grace Study Bible (Large Print, Genuine Leather Edition)', '40.00', 1, '40.00')],
} as Order;

const LINK = `${origin}/orders/KM-7Q2M9XKD#key=q3J9xVn1bP0dLk7sYw2HtR5mZc8Fa4Ge6Ui0Oo1Nn2M`;
const PAID_WITH = { ...SAMPLE_ORDER, cardBrand: 'visa', cardLast4: '4242' } as Order;
const SHIPMENT = {
  carrier: 'other',
  trackingNumber: 'LOCAL-77',
  trackingUrl: 'https://couriers.example/track/LOCAL-77',
  lines: [{ lineId: 'l1', productId: 'p1', productName: HOSTILE_TEXT, quantity: 2 }],
} as Fulfilment;

/** Every email orders sends, with sample data (ADR 0030): a new one joins here, or `mail-templates.spec.ts` fails. */
export const MAIL_TEMPLATES: MailTemplates = {
  orderConfirmationMail: {
    render: () => orderConfirmationMail(SAMPLE_ORDER, origin),
    facts: [
      'KM-7Q2M9XKD',
      'Grace Study Bible (Large Print, Genuine Leather Edition)',
      '$29.97',
      'Member discount (5%)',
      '-$3.50',
      '$5.32',
      'FREE',
      '$71.79',
      'Philippi, MA 01001',
    ],
  },
  paymentReviewAlertMail: {
    render: () =>
      paymentReviewAlertMail(
        {
          orderId: 'o1',
          orderNumber: 'KM-7Q2M9XKD',
          paymentIntentId: 'pi_review',
          total: '42.39',
          amountReceived: '20.78',
          currency: 'usd',
          reasons: ['Stripe received 20.78 but the order total is 42.39'],
        },
        'admin@kingdom.example',
        origin,
      ),
    facts: ['KM-7Q2M9XKD', '42.39 USD', '20.78 USD', 'Stripe received 20.78 but the order total is 42.39'],
  },
  orderShippedMail: {
    render: () => orderShippedMail(SAMPLE_ORDER, SHIPMENT, LINK, origin),
    facts: ['KM-7Q2M9XKD', 'Other', 'LOCAL-77', 'https://couriers.example/track/LOCAL-77', '2 ×', LINK],
  },
  orderRefundedMail: {
    render: () => orderRefundedMail(PAID_WITH, '21.60', LINK, origin),
    facts: ['KM-7Q2M9XKD', '$21.60', 'Visa card ending in 4242', LINK],
  },
  orderCancelledMail: {
    render: () => orderCancelledMail(PAID_WITH, true, LINK, origin),
    facts: ['KM-7Q2M9XKD', 'Everything you paid is refunded', LINK],
  },
};
