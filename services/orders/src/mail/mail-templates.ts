import { HOSTILE_TEXT, type MailTemplates } from '@km/nest-kit/mail';
import type { OrderLine } from '../orders/order-line.entity';
import type { Order } from '../orders/order.entity';
import { orderConfirmationMail } from './order-confirmation';
import { paymentReviewAlertMail } from './payment-review-alert';

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
};
