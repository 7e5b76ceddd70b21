import { Module } from '@nestjs/common';
import { OrderConfirmationMailer } from './order-confirmation.mailer';
import { OrderStepMailer } from './order-step.mailer';
import { PaymentReviewAlertMailer } from './payment-review-alert.mailer';

/** The order's emails, each from a durable consumer of the event its step commits with. */
@Module({
  providers: [OrderConfirmationMailer, PaymentReviewAlertMailer, OrderStepMailer],
})
export class OrderMailModule {}
