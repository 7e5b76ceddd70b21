import { OrdersEvents, type TypedEvent } from '@km/contracts';
import { ConsumerService, EventConsumerKit } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StockService } from './stock.service';

type StockEvents = typeof OrdersEvents.paid | typeof OrdersEvents.paymentReview | typeof OrdersEvents.restocked;

/**
 * What orders tells the catalog about stock (ADR 0032): a paid order (or one whose payment went to review: the money
 * was taken) sells what its intent held; a restock puts units of a paid order back. Each event once (the kit records
 * its id in this transaction), and each reservation is sold at most once (its state).
 */
@Injectable()
export class StockOrdersConsumer extends ConsumerService<StockEvents> {
  constructor(
    kit: EventConsumerKit,
    private readonly stock: StockService,
  ) {
    super(kit, { durable: 'catalog-stock', types: [OrdersEvents.paid, OrdersEvents.paymentReview, OrdersEvents.restocked] });
  }

  protected async handle(event: TypedEvent<StockEvents>, manager: EntityManager) {
    switch (event.type) {
      case OrdersEvents.paid:
      case OrdersEvents.paymentReview:
        // Events recorded before ADR 0032 carry no intent: nothing was reserved for them.
        if (event.data.paymentIntentId) await this.stock.sell(manager, event.data.paymentIntentId, event.data.orderNumber);
        return;
      case OrdersEvents.restocked:
        await this.stock.restock(manager, event.data);
        return;
    }
  }
}
