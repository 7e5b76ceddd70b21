import { OrdersEvents, type TypedEvent } from '@km/contracts';
import { ConsumerService, EventConsumerKit, SERVICE_CONFIG } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrdersConfig } from '../config';
import { Fulfilment } from '../fulfilment/fulfilment.entity';
import { Order } from '../orders/order.entity';
import { orderPageLink } from '../orders/order-links';
import { orderCancelledMail, orderRefundedMail, orderShippedMail } from './order-step-mails';

type StepEvent = typeof OrdersEvents.fulfilled | typeof OrdersEvents.refunded | typeof OrdersEvents.cancelled;

/**
 * The buyer's emails for the steps after payment (shipped, refunded, cancelled), from the events those steps commit
 * with: a durable consumer handles each event once, and each mail's key (the shipment, the refunded total, the order)
 * makes a second enqueue a no-op, so each is sent once.
 */
@Injectable()
export class OrderStepMailer extends ConsumerService<StepEvent> {
  constructor(
    kit: EventConsumerKit,
    private readonly mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: OrdersConfig,
  ) {
    super(kit, { durable: 'orders-step-mail', types: [OrdersEvents.fulfilled, OrdersEvents.refunded, OrdersEvents.cancelled] });
  }

  protected async handle(event: TypedEvent<StepEvent>, manager: EntityManager) {
    const order = await manager.findOneBy(Order, { id: event.data.orderId });
    if (!order) {
      this.logger.warn({ eventId: event.id, orderId: event.data.orderId }, 'order not found; no email sent');
      return;
    }
    const link = orderPageLink(order);
    switch (event.type) {
      case OrdersEvents.fulfilled: {
        const { fulfilmentId } = event.data as TypedEvent<typeof OrdersEvents.fulfilled>['data'];
        const shipment = await manager.findOneBy(Fulfilment, { id: fulfilmentId });
        if (shipment) await this.mail.send(`order-shipped:${shipment.id}`, orderShippedMail(order, shipment, link, this.config.publicOrigin));
        return;
      }
      case OrdersEvents.refunded: {
        const { amount, refundedTotal } = event.data as TypedEvent<typeof OrdersEvents.refunded>['data'];
        await this.mail.send(`order-refunded:${order.id}:${refundedTotal}`, orderRefundedMail(order, amount, link, this.config.publicOrigin));
        return;
      }
      case OrdersEvents.cancelled: {
        const { wasPaid } = event.data as TypedEvent<typeof OrdersEvents.cancelled>['data'];
        await this.mail.send(`order-cancelled:${order.id}`, orderCancelledMail(order, wasPaid, link, this.config.publicOrigin));
        return;
      }
    }
  }
}
