import {
  adminOrderSchema,
  cancelOrderMessageSchema,
  fulfilmentStepMessageSchema,
  fulfilOrderMessageSchema,
  orderNoteMessageSchema,
  OrdersSubjects,
  refundOrderMessageSchema,
  type AdminOrder,
} from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FulfilmentsService } from '../fulfilment/fulfilments.service';
import { CancellationsService } from '../refunds/cancellations.service';
import { RefundsService } from '../refunds/refunds.service';
import { AdminOrdersService } from './admin-orders.service';

/** The admin's steps on an order (NATS patterns only; the gateway checked the role). Each answers the order as it now is. */
@Controller()
export class AdminOrdersHandlers {
  constructor(
    private readonly admin: AdminOrdersService,
    private readonly refunds: RefundsService,
    private readonly fulfilments: FulfilmentsService,
    private readonly cancellations: CancellationsService,
  ) {}

  @MessagePattern(OrdersSubjects.getForAdmin)
  get(@Payload() payload: unknown): Promise<AdminOrder> {
    return this.admin.get(parseOrThrow(adminOrderSchema, payload).orderNumber);
  }

  @MessagePattern(OrdersSubjects.refund)
  async refund(@Payload() payload: unknown): Promise<AdminOrder> {
    const message = parseOrThrow(refundOrderMessageSchema, payload);
    await this.refunds.refundOrder(message);
    return this.admin.get(message.orderNumber);
  }

  @MessagePattern(OrdersSubjects.fulfil)
  async fulfil(@Payload() payload: unknown): Promise<AdminOrder> {
    const message = parseOrThrow(fulfilOrderMessageSchema, payload);
    await this.fulfilments.fulfil(message);
    return this.admin.get(message.orderNumber);
  }

  @MessagePattern(OrdersSubjects.fulfilmentStep)
  async fulfilmentStep(@Payload() payload: unknown): Promise<AdminOrder> {
    const message = parseOrThrow(fulfilmentStepMessageSchema, payload);
    await this.fulfilments.step(message);
    return this.admin.get(message.orderNumber);
  }

  @MessagePattern(OrdersSubjects.cancel)
  async cancel(@Payload() payload: unknown): Promise<AdminOrder> {
    const message = parseOrThrow(cancelOrderMessageSchema, payload);
    await this.cancellations.cancel(message);
    return this.admin.get(message.orderNumber);
  }

  @MessagePattern(OrdersSubjects.addNote)
  async addNote(@Payload() payload: unknown): Promise<AdminOrder> {
    const message = parseOrThrow(orderNoteMessageSchema, payload);
    await this.admin.addNote(message);
    return this.admin.get(message.orderNumber);
  }
}
