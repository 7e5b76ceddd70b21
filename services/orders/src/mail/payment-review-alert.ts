import type { OrderPaymentReviewEvent } from '@km/contracts';
import { details, heading, paragraph, renderMail, section, type OutgoingMail } from '@km/nest-kit/mail';

/** Tells staff that a payment did not match its order, with both amounts and why, so they can refund or settle it. */
export function paymentReviewAlertMail(event: OrderPaymentReviewEvent, staffEmail: string, origin: string): OutgoingMail {
  return renderMail({
    to: staffEmail,
    subject: `Payment review needed: order ${event.orderNumber}`,
    origin,
    preheader: `Stripe received ${event.amountReceived} ${event.currency.toUpperCase()} for an order of ${event.total} USD.`,
    reason: 'You are receiving this email because this address is where Kingdom Marketplace sends payment alerts (STAFF_ALERT_EMAIL).',
    blocks: [
      heading('Payment review needed'),
      paragraph(`Order ${event.orderNumber} needs review: Stripe reported a payment that does not match it.`),
      details([
        ['Order total', `${event.total} USD`],
        ['Amount received', `${event.amountReceived} ${event.currency.toUpperCase()}`],
      ]),
      section('Why', event.reasons.map((r) => `  - ${r}`).join('\n')),
      paragraph('The order was not marked paid, nothing was fulfilled and the buyer was not sent a confirmation.'),
      paragraph('Check the payment in the Stripe dashboard, then refund it or settle the difference with the buyer.'),
    ],
  });
}
