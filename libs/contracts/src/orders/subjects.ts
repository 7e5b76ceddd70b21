import type { z } from 'zod';
import type {
  adminOrderSchema,
  cancelOrderMessageSchema,
  findMemberOrderSchema,
  findOrderSchema,
  fulfilmentStepMessageSchema,
  fulfilOrderMessageSchema,
  listMemberOrdersSchema,
  listOrdersSchema,
  orderMessageSchema,
  orderNoteMessageSchema,
  paymentIntentMessageSchema,
  refundOrderMessageSchema,
  stripeWebhookSchema,
  viewOrderSchema,
} from './schemas';
import type { AdminOrder, BuyerOrder, OrderLookup, OrdersPage, PaymentIntentQuote, PlacedOrder, StripeWebhookResult } from './types';

/**
 * Request/reply subjects of the orders service (payloads in ./schemas, results in ./types).
 * - createPaymentIntent: CreatePaymentIntentRequest → PaymentIntentQuote
 * - createOrder: CreateOrderRequest → PlacedOrder (`created` false when the payment intent already has an order)
 * - findForBuyer: FindOrderRequest → BuyerOrder (not_found when the number is unknown or the email does not match)
 * - lookup: FindOrderRequest → OrderLookup (the order and its link's key; not_found as findForBuyer)
 * - view: ViewOrderRequest → BuyerOrder (not_found when the number is unknown or the key is not that order's, ADR 0036)
 * - findForMember / listForMember: the member's own orders (ADR 0037; not_found for anyone else's)
 * - list: ListOrdersRequest → OrdersPage (admin; the gateway checks the role)
 * - handleStripeWebhook: StripeWebhookRequest → StripeWebhookResult (invalid when the signature does not verify)
 * - admin (the gateway checks the role and adds `actor`), each answering the order as it now stands (AdminOrder):
 *   getForAdmin, refund (ADR 0035), fulfil, fulfilmentStep (undo, delivered), cancel, addNote
 */
export const OrdersSubjects = {
  createPaymentIntent: 'orders.payment-intents.create',
  createOrder: 'orders.orders.create',
  findForBuyer: 'orders.orders.find-for-buyer',
  lookup: 'orders.orders.lookup',
  view: 'orders.orders.view',
  findForMember: 'orders.orders.find-for-member',
  listForMember: 'orders.orders.list-for-member',
  list: 'orders.orders.list',
  handleStripeWebhook: 'orders.stripe-webhooks.handle',
  getForAdmin: 'orders.orders.get-for-admin',
  refund: 'orders.orders.refund',
  fulfil: 'orders.orders.fulfil',
  fulfilmentStep: 'orders.orders.fulfilment-step',
  cancel: 'orders.orders.cancel',
  addNote: 'orders.orders.add-note',
} as const;

/** What each orders subject takes and answers; `RpcClient.send` reads its types from here. */
export interface OrdersSubjectMap {
  [OrdersSubjects.createPaymentIntent]: { payload: z.input<typeof paymentIntentMessageSchema>; result: PaymentIntentQuote };
  [OrdersSubjects.createOrder]: { payload: z.input<typeof orderMessageSchema>; result: PlacedOrder };
  [OrdersSubjects.findForBuyer]: { payload: z.input<typeof findOrderSchema>; result: BuyerOrder };
  [OrdersSubjects.lookup]: { payload: z.input<typeof findOrderSchema>; result: OrderLookup };
  [OrdersSubjects.view]: { payload: z.input<typeof viewOrderSchema>; result: BuyerOrder };
  [OrdersSubjects.findForMember]: { payload: z.input<typeof findMemberOrderSchema>; result: BuyerOrder };
  [OrdersSubjects.listForMember]: { payload: z.input<typeof listMemberOrdersSchema>; result: OrdersPage };
  [OrdersSubjects.list]: { payload: z.input<typeof listOrdersSchema>; result: OrdersPage };
  [OrdersSubjects.handleStripeWebhook]: { payload: z.input<typeof stripeWebhookSchema>; result: StripeWebhookResult };
  [OrdersSubjects.getForAdmin]: { payload: z.input<typeof adminOrderSchema>; result: AdminOrder };
  [OrdersSubjects.refund]: { payload: z.input<typeof refundOrderMessageSchema>; result: AdminOrder };
  [OrdersSubjects.fulfil]: { payload: z.input<typeof fulfilOrderMessageSchema>; result: AdminOrder };
  [OrdersSubjects.fulfilmentStep]: { payload: z.input<typeof fulfilmentStepMessageSchema>; result: AdminOrder };
  [OrdersSubjects.cancel]: { payload: z.input<typeof cancelOrderMessageSchema>; result: AdminOrder };
  [OrdersSubjects.addNote]: { payload: z.input<typeof orderNoteMessageSchema>; result: AdminOrder };
}
