import { OrdersEvents, type TypedEvent } from '@km/contracts';
import { ConsumerService, EventConsumerKit } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * Member Savings from `orders.order.paid`: a paid order that carries a member's discount adds it once (the order id
 * is the key, so a redelivery or a replayed event changes nothing). Orders of other buyers are skipped.
 */
@Injectable()
export class MemberSavingsConsumer extends ConsumerService<typeof OrdersEvents.paid> {
  constructor(kit: EventConsumerKit) {
    super(kit, { durable: 'membership-member-savings', types: [OrdersEvents.paid] });
  }

  protected async handle(event: TypedEvent<typeof OrdersEvents.paid>, manager: EntityManager) {
    const { orderId, orderNumber, memberId, memberDiscount } = event.data;
    if (!memberId || !memberDiscount || Number(memberDiscount) <= 0) return;
    const inserted = (await manager.query(
      `INSERT INTO member_savings (order_id, member_id, order_number, discount)
       SELECT $1, id, $3, $4 FROM members WHERE id = $2
       ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
      [orderId, memberId, orderNumber, memberDiscount],
    )) as unknown[];
    if (inserted.length === 0) this.logger.info({ eventId: event.id, orderId, memberId }, 'member saving already counted or member unknown');
  }
}
