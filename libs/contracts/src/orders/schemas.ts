import { z } from 'zod';
import { ORDER_STATUSES } from '../vocabulary/orders';

/** Quantities a cart line may have (whole numbers). */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;
/** Lines one checkout may have; the catalog prices at most 100 ids per request. */
export const MAX_CART_LINES = 100;

/** A two-decimal amount as the API sends it, e.g. "19.99". */
export const MONEY_PATTERN = /^\d{1,10}\.\d{2}$/;
/** `KM-` + 8 Crockford base32 characters (ARCHITECTURE §10). */
export const ORDER_NUMBER_PATTERN = /^KM-[0-9A-HJKMNP-TV-Z]{8}$/;

// Messages of fields inside `items` leave out the field's name: the error reads "items.0.quantity: must be …".
const QUANTITY_MESSAGE = `must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}`;

/** A value the browser sends for display only; the server recomputes it, so it is checked for shape alone. */
const clientAmount = (message: string) => z.union([z.string().regex(MONEY_PATTERN), z.number().nonnegative()], { error: message }).optional();

/** An optional text field where the browser sends "" for "not given". */
const optionalText = (field: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ error: `${field} must be text` })
      .trim()
      .max(max, `${field} must be at most ${max} characters`)
      .optional(),
  );

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

const email = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .max(254, `${field} must be at most 254 characters`)
    .pipe(z.email({ error: `${field} must be a valid email address` }));

const cartLine = {
  productId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  quantity: z.number({ error: QUANTITY_MESSAGE }).int(QUANTITY_MESSAGE).min(MIN_QUANTITY, QUANTITY_MESSAGE).max(MAX_QUANTITY, QUANTITY_MESSAGE),
};

/** The cart's lines: one per product (the cart adds up repeated adds), 1 to 100 of them. */
function cartLines<T extends z.ZodType<{ productId: string }>>(line: T) {
  return z
    .array(line, { error: 'items is required: the cart lines [{productId, quantity}]' })
    .min(1, 'items must list at least one product')
    .max(MAX_CART_LINES, `items may list at most ${MAX_CART_LINES} products`)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        const id = item.productId;
        if (seen.has(id))
          ctx.addIssue({ code: 'custom', path: [index, 'productId'], message: `product ${id} appears twice; send one line with the total quantity` });
        seen.add(id);
      });
    });
}

export const cartItemSchema = z.object(cartLine);
export type CartItem = z.infer<typeof cartItemSchema>;

/** POST /api/create-payment-intent. */
export const createPaymentIntentSchema = z.object({
  checkoutId: z.uuid({ error: 'checkoutId must be a UUID the browser makes once per checkout (crypto.randomUUID())' }),
  items: cartLines(cartItemSchema),
  /** Spec §7's client-side total. Never charged: the server prices the cart itself. */
  amount: clientAmount('amount must be a number like 63.98'),
  email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), email('email').optional()),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentSchema>;

/**
 * The signed-in member the gateway adds to a checkout message (never taken from the browser's body, which the HTTP
 * schemas strip of it); orders asks membership whether that member gets the discount.
 */
const buyer = { memberId: z.uuid().optional() };

/** orders.payment-intents.create: the HTTP body plus the gateway's `memberId`. */
export const paymentIntentMessageSchema = createPaymentIntentSchema.extend(buyer);
export type PaymentIntentMessage = z.infer<typeof paymentIntentMessageSchema>;

export const orderItemSchema = z.object({
  ...cartLine,
  /** Shown to the buyer by the browser; the order stores the catalog's name and price. */
  productName: z.string({ error: 'must be text' }).max(200, 'must be at most 200 characters').optional(),
  productPrice: clientAmount('must be an amount like 19.99'),
  subtotal: clientAmount('must be an amount like 19.99'),
});

/** POST /api/orders: spec §3's order payload plus the payment intent it pays with. */
export const createOrderSchema = z.object({
  paymentIntentId: z
    .string({ error: 'paymentIntentId is required: the id /api/create-payment-intent returned' })
    .regex(/^pi_[A-Za-z0-9]{1,100}$/, 'paymentIntentId must be the id /api/create-payment-intent returned (pi_…)'),
  customerEmail: email('customerEmail'),
  customerName: requiredText('customerName', 200),
  customerPhone: optionalText('customerPhone', 40),
  shippingAddress: requiredText('shippingAddress', 500),
  /** Spec §3 sends the same string as the shipping address; when left out it is taken to be that. */
  billingAddress: optionalText('billingAddress', 500),
  subtotal: clientAmount('subtotal must be an amount like 19.99'),
  tax: clientAmount('tax must be an amount like 19.99'),
  shipping: clientAmount('shipping must be an amount like 19.99'),
  total: clientAmount('total must be an amount like 19.99'),
  items: cartLines(orderItemSchema),
});
export type CreateOrderRequest = z.infer<typeof createOrderSchema>;

/** orders.orders.create: the HTTP body plus the gateway's `memberId`. */
export const orderMessageSchema = createOrderSchema.extend(buyer);
export type OrderMessage = z.infer<typeof orderMessageSchema>;

/** GET /api/orders/:orderNumber?email= */
export const findOrderSchema = z.object({
  orderNumber: z.string({ error: 'orderNumber is required' }).trim().min(1, 'orderNumber is required').max(40, 'orderNumber must be at most 40 characters'),
  email: z
    .string({ error: 'email is required: the address the order was placed with' })
    .trim()
    .min(1, 'email is required: the address the order was placed with')
    .max(254, 'email must be at most 254 characters'),
});
export type FindOrderRequest = z.infer<typeof findOrderSchema>;

/**
 * The key of an order's signed link (ADR 0036): 43 base64url characters, carried in the link's fragment and sent by
 * the page in a POST body, never in a URL the server sees.
 */
const orderKey = z
  .string({ error: 'key is required: the key from the link in your confirmation email' })
  .trim()
  .max(100, 'key must be at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'key must be the key from the link in your confirmation email');

/** POST /api/orders/:orderNumber/view: the order its signed link names. */
export const viewOrderSchema = z.object({ orderNumber: findOrderSchema.shape.orderNumber, key: orderKey });
export type ViewOrderRequest = z.infer<typeof viewOrderSchema>;

/** The member, from the gateway's session only (never the browser). */
const memberOnly = { memberId: z.uuid('memberId must be a UUID') };

/** GET /api/member/orders/:orderNumber: orders.orders.find-for-member. */
export const findMemberOrderSchema = z.object({ orderNumber: findOrderSchema.shape.orderNumber, ...memberOnly });
export type FindMemberOrderRequest = z.infer<typeof findMemberOrderSchema>;

/** GET /api/orders (admin). */
export const listOrdersSchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1_000_000, 'page must be at most 1000000')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a whole number from 1 to 100' })
    .int('pageSize must be a whole number from 1 to 100')
    .min(1, 'pageSize must be a whole number from 1 to 100')
    .max(100, 'pageSize must be a whole number from 1 to 100')
    .default(20),
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
});
export type ListOrdersRequest = z.infer<typeof listOrdersSchema>;

/** GET /api/member/orders?page&pageSize: the signed-in member's orders, newest first. */
export const memberOrdersQuerySchema = listOrdersSchema.pick({ page: true, pageSize: true });
/** orders.orders.list-for-member: the query plus the gateway's `memberId`. */
export const listMemberOrdersSchema = memberOrdersQuerySchema.extend(memberOnly);
export type ListMemberOrdersRequest = z.infer<typeof listMemberOrdersSchema>;

/** What the gateway forwards from POST /api/webhooks/stripe: the exact bytes Stripe signed, and its signature header. */
export const stripeWebhookSchema = z.object({
  /** The raw request body, base64-encoded so the signed bytes arrive unchanged. */
  payload: z.string().max(2_000_000, 'the webhook body is too large'),
  /** The Stripe-Signature header; empty when the request had none. */
  signature: z.string().max(2000, 'the Stripe-Signature header is too long'),
});
export type StripeWebhookRequest = z.infer<typeof stripeWebhookSchema>;
