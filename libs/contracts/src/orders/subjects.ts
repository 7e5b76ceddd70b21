import type { z } from 'zod';
import type { findOrderSchema, listOrdersSchema, orderMessageSchema, paymentIntentMessageSchema, stripeWebhookSchema } from './schemas';
import type { BuyerOrder, OrdersPage, PaymentIntentQuote, PlacedOrder, StripeWebhookResult } from './types';

/**
 * Request/reply subjects of the orders service (payloads in ./schemas, results in ./types).
 * - createPaymentIntent: CreatePaymentIntentRequest → PaymentIntentQuote
 * - createOrder: CreateOrderRequest → PlacedOrder (`created` false when the payment intent already has an order)
 * - findForBuyer: FindOrderRequest → BuyerOrder (not_found when the number is unknown or the email does not match)
 * - list: ListOrdersRequest → OrdersPage (admin; the gateway checks the role)
 * - handleStripeWebhook: StripeWebhookRequest → StripeWebhookResult (invalid when the signature does not verify)
 */
export const OrdersSubjects = {
  createPaymentIntent: 'orders.payment-intents.create',
  createOrder: 'orders.orders.create',
  findForBuyer: 'orders.orders.find-for-buyer',
  list: 'orders.orders.list',
  handleStripeWebhook: 'orders.stripe-webhooks.handle',
} as const;

/** What each orders subject takes and answers; `RpcClient.send` reads its types from here. */
export interface OrdersSubjectMap {
  [OrdersSubjects.createPaymentIntent]: { payload: z.input<typeof paymentIntentMessageSchema>; result: PaymentIntentQuote };
  [OrdersSubjects.createOrder]: { payload: z.input<typeof orderMessageSchema>; result: PlacedOrder };
  [OrdersSubjects.findForBuyer]: { payload: z.input<typeof findOrderSchema>; result: BuyerOrder };
  [OrdersSubjects.list]: { payload: z.input<typeof listOrdersSchema>; result: OrdersPage };
  [OrdersSubjects.handleStripeWebhook]: { payload: z.input<typeof stripeWebhookSchema>; result: StripeWebhookResult };
}
