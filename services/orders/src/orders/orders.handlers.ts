import {
  findMemberOrderSchema,
  findOrderSchema,
  listMemberOrdersSchema,
  listOrdersSchema,
  orderMessageSchema,
  OrdersSubjects,
  paymentIntentMessageSchema,
  stripeWebhookSchema,
  viewOrderSchema,
  type BuyerOrder,
  type OrderLookup,
  type OrdersPage,
  type PaymentIntentQuote,
  type PlacedOrder,
  type StripeWebhookResult,
} from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PaymentIntentsService } from '../payments/payment-intents.service';
import { StripeWebhooksService } from '../payments/stripe-webhooks.service';
import { OrdersService } from './orders.service';

/** NATS patterns only; the gateway has already decided who may call what. */
@Controller()
export class OrdersHandlers {
  constructor(
    private readonly orders: OrdersService,
    private readonly paymentIntents: PaymentIntentsService,
    private readonly webhooks: StripeWebhooksService,
  ) {}

  @MessagePattern(OrdersSubjects.createPaymentIntent)
  createPaymentIntent(@Payload() payload: unknown): Promise<PaymentIntentQuote> {
    return this.paymentIntents.create(parseOrThrow(paymentIntentMessageSchema, payload));
  }

  @MessagePattern(OrdersSubjects.createOrder)
  createOrder(@Payload() payload: unknown): Promise<PlacedOrder> {
    return this.orders.create(parseOrThrow(orderMessageSchema, payload));
  }

  @MessagePattern(OrdersSubjects.findForBuyer)
  findForBuyer(@Payload() payload: unknown): Promise<BuyerOrder> {
    return this.orders.findForBuyer(parseOrThrow(findOrderSchema, payload));
  }

  @MessagePattern(OrdersSubjects.lookup)
  lookup(@Payload() payload: unknown): Promise<OrderLookup> {
    return this.orders.lookup(parseOrThrow(findOrderSchema, payload));
  }

  @MessagePattern(OrdersSubjects.view)
  view(@Payload() payload: unknown): Promise<BuyerOrder> {
    return this.orders.view(parseOrThrow(viewOrderSchema, payload));
  }

  @MessagePattern(OrdersSubjects.findForMember)
  findForMember(@Payload() payload: unknown): Promise<BuyerOrder> {
    return this.orders.findForMember(parseOrThrow(findMemberOrderSchema, payload));
  }

  @MessagePattern(OrdersSubjects.listForMember)
  listForMember(@Payload() payload: unknown): Promise<OrdersPage> {
    return this.orders.listForMember(parseOrThrow(listMemberOrdersSchema, payload));
  }

  @MessagePattern(OrdersSubjects.list)
  list(@Payload() payload: unknown): Promise<OrdersPage> {
    return this.orders.list(parseOrThrow(listOrdersSchema, payload));
  }

  @MessagePattern(OrdersSubjects.handleStripeWebhook)
  handleStripeWebhook(@Payload() payload: unknown): Promise<StripeWebhookResult> {
    return this.webhooks.handle(parseOrThrow(stripeWebhookSchema, payload));
  }
}
