import type { OrderPaymentReviewEvent } from '@km/contracts';
import type { OutgoingMail } from '@km/nest-kit/mail';

/** Tells staff that a payment did not match its order, with both amounts and why, so they can refund or settle it. */
export function paymentReviewAlertMail(event: OrderPaymentReviewEvent, staffEmail: string): OutgoingMail {
  const received = `${event.amountReceived} ${event.currency.toUpperCase()}`;
  const text = [
    `Order ${event.orderNumber} needs review: Stripe reported a payment that does not match it.`,
    '',
    `Order total: ${event.total} USD`,
    `Amount received: ${received}`,
    '',
    'Why:',
    ...event.reasons.map((r) => `  - ${r}`),
    '',
    'The order was not marked paid, nothing was fulfilled and the buyer was not sent a confirmation.',
    'Check the payment in the Stripe dashboard, then refund it or settle the difference with the buyer.',
  ].join('\n');
  return { to: staffEmail, subject: `Payment review needed: order ${event.orderNumber}`, text };
}
