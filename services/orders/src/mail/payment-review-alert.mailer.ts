import { OrdersEvents, type TypedEvent } from '@km/contracts';
import { ConsumerService, EventConsumerKit, SERVICE_CONFIG } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import type { OrdersConfig } from '../config';
import { paymentReviewAlertMail } from './payment-review-alert';

/** Alerts staff once per order whose payment went to review (a durable consumer; the mail key makes a repeat a no-op). */
@Injectable()
export class PaymentReviewAlertMailer extends ConsumerService<typeof OrdersEvents.paymentReview> {
  constructor(
    kit: EventConsumerKit,
    @Inject(SERVICE_CONFIG) private readonly config: OrdersConfig,
    private readonly mail: MailService,
  ) {
    super(kit, { durable: 'orders-payment-review-alert', types: [OrdersEvents.paymentReview] });
  }

  protected async handle({ data: review }: TypedEvent<typeof OrdersEvents.paymentReview>) {
    await this.mail.send(`payment-review-alert:${review.orderId}`, paymentReviewAlertMail(review, this.config.staffAlertEmail, this.config.publicOrigin));
  }
}
