import { ORDER_NUMBER_PATTERN } from './orders';

/** What the success page needs to look the order up again, kept for this tab only. */
export interface LastOrder {
  orderNumber: string;
  email: string;
  paymentIntentId: string;
}

export const LAST_ORDER_KEY = 'km-last-order';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const sessionStore = (): KeyValueStorage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // Storage disabled: reading it throws in some browsers.
  }
};

export function saveLastOrder(order: LastOrder, storage = sessionStore()): void {
  try {
    storage?.setItem(LAST_ORDER_KEY, JSON.stringify(order));
  } catch {
    // Quota or privacy mode: the confirmation still shows; only a later visit to the success page cannot find it.
  }
}

export function readLastOrder(storage = sessionStore()): LastOrder | null {
  try {
    const value = JSON.parse(storage?.getItem(LAST_ORDER_KEY) ?? 'null') as Partial<LastOrder> | null;
    if (
      typeof value?.orderNumber === 'string' &&
      ORDER_NUMBER_PATTERN.test(value.orderNumber) &&
      typeof value.email === 'string' &&
      value.email !== '' &&
      typeof value.paymentIntentId === 'string'
    ) {
      return { orderNumber: value.orderNumber, email: value.email, paymentIntentId: value.paymentIntentId };
    }
  } catch {
    // Malformed entry: treated as nothing saved.
  }
  return null;
}

/** Stripe's redirect back (`?payment_intent=…&redirect_status=…`), when there is one. */
export interface StripeReturn {
  paymentIntentId: string;
  redirectStatus: 'succeeded' | 'pending' | 'failed' | string;
}

export function parseStripeReturn(search: URLSearchParams): StripeReturn | null {
  const paymentIntentId = search.get('payment_intent');
  if (!paymentIntentId) return null;
  return { paymentIntentId, redirectStatus: search.get('redirect_status') ?? '' };
}

/**
 * The order to show on the success page: the saved one, unless Stripe sent the buyer back for a different
 * payment (then nothing in this tab belongs to it).
 */
export function orderToShow(saved: LastOrder | null, stripeReturn: StripeReturn | null): LastOrder | null {
  if (!saved) return null;
  if (stripeReturn && stripeReturn.paymentIntentId !== saved.paymentIntentId) return null;
  return saved;
}
