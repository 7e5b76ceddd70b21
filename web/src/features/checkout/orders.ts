import type { PlacedOrderResponse, PricedLine, Totals } from '@km/contracts';

// The API's answers come from the shared contracts (types only: nothing of it reaches the bundle).
// Every amount is a two-decimal string such as "19.99".
export type { BuyerOrder, PaymentIntentQuote, PricedLine, Totals } from '@km/contracts';
/** Answer of POST /api/orders. */
export type PlacedOrder = PlacedOrderResponse;

/** `KM-` + 8 Crockford base32 characters (ARCHITECTURE §10). */
export const ORDER_NUMBER_PATTERN = /^KM-[0-9A-HJKMNP-TV-Z]{8}$/;

export interface PaymentIntentRequest {
  checkoutId: string;
  items: { productId: string; quantity: number }[];
  /** The client's total (spec §7); the server ignores it and prices the cart itself. */
  amount: number;
  email?: string;
}

export interface OrderPayload extends Totals {
  paymentIntentId: string;
  customerEmail: string;
  customerName: string;
  customerPhone: string;
  shippingAddress: string;
  billingAddress: string;
  items: PricedLine[];
}
