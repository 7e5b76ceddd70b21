import { OrdersEvents, type TypedEvent } from '@km/contracts';
import { ConsumerService, EventConsumerKit, SERVICE_CONFIG } from '@km/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MembershipConfig } from '../config';
import { calendarIn } from '../time/calendar';
import { periodOf } from './bonus-periods';

/**
 * Store revenue for profit bonuses, learnt from `orders.order.paid` (never from the orders database): one row per
 * order id (a redelivery counts once), kept with the half-year (in the payout time zone) the order was paid in.
 */
@Injectable()
export class StoreRevenueConsumer extends ConsumerService<typeof OrdersEvents.paid> {
  constructor(
    kit: EventConsumerKit,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
  ) {
    super(kit, { durable: 'membership-store-revenue', types: [OrdersEvents.paid] });
  }

  protected async handle(event: TypedEvent<typeof OrdersEvents.paid>, manager: EntityManager) {
    const paidAt = new Date(event.occurredAt);
    await manager.query(`INSERT INTO store_revenue (order_id, bonus_period, amount, paid_at) VALUES ($1, $2, $3, $4) ON CONFLICT (order_id) DO NOTHING`, [
      event.data.orderId,
      periodOf(calendarIn(this.config.profitBonuses.timeZone, paidAt).date),
      event.data.total,
      paidAt,
    ]);
  }
}

/**
 * Store refunds, learnt from `orders.order.refunded`: one row per (order, refunded sum so far), kept with the half-year
 * the refund happened in. The profit-bonus run subtracts a half-year's refunds from its revenue (ADR 0018), whatever
 * order the paid and refunded events arrive in (they are separate consumers).
 */
@Injectable()
export class StoreRefundsConsumer extends ConsumerService<typeof OrdersEvents.refunded> {
  constructor(
    kit: EventConsumerKit,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
  ) {
    super(kit, { durable: 'membership-store-refunds', types: [OrdersEvents.refunded] });
  }

  protected async handle(event: TypedEvent<typeof OrdersEvents.refunded>, manager: EntityManager) {
    const refundedAt = new Date(event.data.refundedAt);
    await manager.query(
      `INSERT INTO store_refunds (order_id, refunded_total, bonus_period, amount, refunded_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (order_id, refunded_total) DO NOTHING`,
      [event.data.orderId, event.data.refundedTotal, periodOf(calendarIn(this.config.profitBonuses.timeZone, refundedAt).date), event.data.amount, refundedAt],
    );
  }
}
