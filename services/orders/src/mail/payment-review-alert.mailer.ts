import { OrdersEvents } from '@km/contracts';
import { EventConsumer, NATS_CONNECTION, SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { OrdersConfig } from '../config';
import { paymentReviewAlertMail } from './payment-review-alert';

/** Alerts staff once per order whose payment went to review (a durable consumer; the mail key makes a repeat a no-op). */
@Injectable()
export class PaymentReviewAlertMailer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly consumer: EventConsumer<typeof OrdersEvents.paymentReview>;

  constructor(
    dataSource: DataSource,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(SERVICE_LOGGER) logger: Logger,
    @Inject(SERVICE_CONFIG) config: OrdersConfig,
    mail: MailService,
  ) {
    this.consumer = new EventConsumer({
      durable: 'orders-payment-review-alert',
      types: [OrdersEvents.paymentReview],
      dataSource,
      nc,
      logger,
      handle: async (event) => {
        const review = event.data;
        await mail.send(`payment-review-alert:${review.orderId}`, paymentReviewAlertMail(review, config.staffAlertEmail));
      },
    });
  }

  async onApplicationBootstrap() {
    await this.consumer.start();
  }

  async onApplicationShutdown() {
    await this.consumer.stop();
  }
}
