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
