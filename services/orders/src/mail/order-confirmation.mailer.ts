import { OrdersEvents, type TypedEvent } from '@km/contracts';
import { ConsumerService, EventConsumerKit, SERVICE_CONFIG } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrdersConfig } from '../config';
import { Order } from '../orders/order.entity';
import { orderConfirmationMail } from './order-confirmation';

/**
 * Sends the order confirmation from a durable consumer of `orders.order.paid`: the event leaves the outbox only
 * after the payment is committed, the consumer handles each event once, and the mail key makes a second enqueue
 * a no-op. The mail queue retries through an SMTP outage, so the mail is late, not lost.
 */
@Injectable()
export class OrderConfirmationMailer extends ConsumerService<typeof OrdersEvents.paid> {
  constructor(
    kit: EventConsumerKit,
    private readonly mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: OrdersConfig,
  ) {
    super(kit, { durable: 'orders-confirmation-mail', types: [OrdersEvents.paid] });
  }

  protected async handle(event: TypedEvent<typeof OrdersEvents.paid>, manager: EntityManager) {
    const order = await manager.findOne(Order, { where: { id: event.data.orderId }, relations: { lines: true } });
    if (!order) {
      // Our own outbox wrote the event with the order, so the order is gone, not late: nothing to retry for.
      this.logger.warn({ eventId: event.id, orderId: event.data.orderId }, 'paid order not found; no confirmation sent');
      return;
    }
    await this.mail.send(`order-confirmation:${order.id}`, orderConfirmationMail(order, this.config.publicOrigin));
  }
}
