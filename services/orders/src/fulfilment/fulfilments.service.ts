import { OrdersEvents, ORDER_STATUS_LABELS, trackingUrlOf, type FulfilmentStepMessage, type FulfilOrderMessage } from '@km/contracts';
import { commitWithEvents, ConflictError, InvalidError, OutboxRelayRunner } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { OrderLine } from '../orders/order-line.entity';
import { fulfilmentStatusOf, lockOrder, PAID_STATUSES, unitsToShip, writeStep } from '../orders/order-steps';
import { Order } from '../orders/order.entity';
import { Fulfilment, type FulfilmentLine } from './fulfilment.entity';

/**
 * Shipments (ADR 0034): staff ship some units of some physical lines with a carrier and tracking number, may mark a
 * shipment delivered, and may undo one entered by mistake. Each step is decided under the order's lock, writes its
 * timeline step in the same transaction, and a shipment publishes `orders.order.fulfilled` for the buyer's email.
 */
@Injectable()
export class FulfilmentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
  ) {}

  async fulfil(message: FulfilOrderMessage): Promise<void> {
    await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
      const order = await lockOrder(manager, { orderNumber: message.orderNumber });
      if (!PAID_STATUSES.includes(order.status)) {
        throw new ConflictError(
          'order_not_fulfillable',
          `Order ${order.orderNumber} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: only a paid order is shipped.`,
        );
      }
      const problems: { field: string; message: string }[] = [];
      const problem = (field: string, text: string): FulfilmentLine[] => (problems.push({ field, message: text }), []);
      const lines: FulfilmentLine[] = message.lines.flatMap((ask, i) => {
        const line = order.lines.find((l) => l.id === ask.lineId);
        if (!line) return problem(`lines.${i}.lineId`, `order ${order.orderNumber} has no line ${ask.lineId}`);
        if (!line.requiresShipping) return problem(`lines.${i}.lineId`, `${line.productName} needs no shipping`);
        const left = unitsToShip(line);
        if (ask.quantity > left)
          return problem(`lines.${i}.quantity`, `only ${left} × ${line.productName} ${left === 1 ? 'is' : 'are'} left to ship, not ${ask.quantity}`);
        return [{ lineId: line.id, productId: line.productId, productName: line.productName, quantity: ask.quantity }];
      });
      if (problems.length > 0) throw new InvalidError(problems.map((p) => `${p.field}: ${p.message}`).join('; '), { fields: problems });
      const trackingNumber = message.trackingNumber ?? null;
      const fulfilment = manager.create(Fulfilment, {
        id: randomUUID(),
        orderId: order.id,
        status: 'shipped',
        carrier: message.carrier,
        trackingNumber,
        trackingUrl: trackingUrlOf(message.carrier, trackingNumber, message.trackingUrl ?? null),
        lines,
        actor: message.actor,
      });
      await manager.insert(Fulfilment, fulfilment);
      for (const shipped of lines) {
        const line = order.lines.find((l) => l.id === shipped.lineId)!;
        line.quantityFulfilled += shipped.quantity;
        await manager.update(OrderLine, { id: line.id }, { quantityFulfilled: line.quantityFulfilled });
      }
      await manager.update(Order, { id: order.id }, { fulfilmentStatus: fulfilmentStatusOf(order.lines) });
      await writeStep(
        manager,
        order.id,
        'fulfilled',
        {
          fulfilmentId: fulfilment.id,
          carrier: fulfilment.carrier,
          trackingNumber: fulfilment.trackingNumber,
          trackingUrl: fulfilment.trackingUrl,
          lines: lines.map(({ productId, productName, quantity }) => ({ productId, productName, quantity })),
        },
        message.actor,
      );
      await record(OrdersEvents.fulfilled, { orderId: order.id, orderNumber: order.orderNumber, fulfilmentId: fulfilment.id });
    });
  }

  /** Undo (a shipment entered by mistake: its units are to ship again) or delivered (the parcel arrived). */
  async step(message: FulfilmentStepMessage): Promise<void> {
    await commitWithEvents(this.dataSource, this.outbox, async (manager) => {
      const order = await lockOrder(manager, { orderNumber: message.orderNumber });
      const fulfilment = await manager.findOneBy(Fulfilment, { id: message.fulfilmentId, orderId: order.id });
      if (!fulfilment)
        throw new InvalidError(`order ${order.orderNumber} has no shipment ${message.fulfilmentId}`, {
          fields: [{ field: 'fulfilmentId', message: 'no such shipment on this order' }],
        });
      if (message.step === 'delivered') {
        if (fulfilment.status === 'delivered') return;
        if (fulfilment.status !== 'shipped') throw new ConflictError('fulfilment_not_active', 'This shipment was undone: it cannot be delivered.');
        await manager.update(Fulfilment, { id: fulfilment.id }, { status: 'delivered' });
        await writeStep(manager, order.id, 'delivered', { fulfilmentId: fulfilment.id }, message.actor);
        return;
      }
      if (fulfilment.status === 'undone') return;
      await manager.update(Fulfilment, { id: fulfilment.id }, { status: 'undone' });
      for (const shipped of fulfilment.lines) {
        const line = order.lines.find((l) => l.id === shipped.lineId);
        if (!line) continue;
        line.quantityFulfilled = Math.max(0, line.quantityFulfilled - shipped.quantity);
        await manager.update(OrderLine, { id: line.id }, { quantityFulfilled: line.quantityFulfilled });
      }
      await manager.update(Order, { id: order.id }, { fulfilmentStatus: fulfilmentStatusOf(order.lines) });
      await writeStep(manager, order.id, 'fulfilment_undone', { fulfilmentId: fulfilment.id }, message.actor);
    });
  }
}
