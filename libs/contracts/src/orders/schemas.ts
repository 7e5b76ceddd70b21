import { z } from 'zod';
import { CARRIERS, ORDER_STATUSES } from '../vocabulary/orders';

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

// ---------------------------------------------------------------- the admin's order steps (ADR 0034, 0035)

const adminOrderNumber = {
  orderNumber: z.string({ error: 'orderNumber is required' }).trim().min(1, 'orderNumber is required').max(40, 'orderNumber must be at most 40 characters'),
};
/** Who took a step: the signed-in admin, added by the gateway (never from the body). */
const actor = { actor: z.string().min(1).max(200) };

/** GET /api/admin/orders/:orderNumber */
export const adminOrderSchema = z.object({ ...adminOrderNumber });
export type AdminOrderRequest = z.infer<typeof adminOrderSchema>;

const lineId = z.uuid({ error: "lineId must be the id of one of the order's lines" });
const lineQuantity = z
  .number({ error: 'quantity must be a whole number of at least 1' })
  .int('quantity must be a whole number of at least 1')
  .min(1, 'quantity must be a whole number of at least 1')
  .max(MAX_QUANTITY, `quantity must be at most ${MAX_QUANTITY}`);
const reason = (what: string) =>
  z
    .string({ error: `reason is required: say why ${what}` })
    .trim()
    .min(1, `reason is required: say why ${what}`)
    .max(500, 'reason must be at most 500 characters');

/** No line twice in one request: one entry per line with its whole quantity. */
const distinctLines = <T extends { lineId: string }>(lines: T[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    if (seen.has(l.lineId)) ctx.addIssue({ code: 'custom', path: [i, 'lineId'], message: 'this line appears twice; send it once with its whole quantity' });
    seen.add(l.lineId);
  });
};

/** An amount of money staff type: "12.50" (or 12.5), more than zero. */
const positiveAmount = z
  .union([z.string(), z.number()], { error: 'amount must be an amount like 12.50' })
  .transform((v) => (typeof v === 'number' ? v.toFixed(2) : v.trim()))
  .pipe(
    z
      .string()
      .regex(MONEY_PATTERN, { message: 'amount must be an amount like 12.50 (dollars and cents, not negative)', abort: true })
      .refine((v) => Number(v) > 0, 'amount must be more than 0.00'),
  );

/**
 * POST /api/admin/orders/:orderNumber/refunds: by amount, by lines (each with its quantity and whether the units go
 * back on the shelf), or both (the amount then overrides what the lines come to). ADR 0035.
 */
export const refundOrderSchema = z
  .object({
    ...adminOrderNumber,
    amount: positiveAmount.optional(),
    lines: z
      .array(z.object({ lineId, quantity: lineQuantity, restock: z.boolean({ error: 'restock must be true or false' }).default(false) }), {
        error: 'lines must be a list of {lineId, quantity, restock}',
      })
      .max(MAX_CART_LINES, `lines may list at most ${MAX_CART_LINES} lines`)
      .superRefine(distinctLines)
      .default([]),
    reason: reason('the order is refunded'),
  })
  .refine((r) => r.amount !== undefined || r.lines.length > 0, { message: 'say what to refund: an amount, or lines with quantities', path: ['amount'] });
export const refundOrderMessageSchema = refundOrderSchema.extend(actor);
export type RefundOrderRequest = z.input<typeof refundOrderSchema>;
export type RefundOrderMessage = z.infer<typeof refundOrderMessageSchema>;

/** POST /api/admin/orders/:orderNumber/fulfilments: lines shipped together, with the carrier and tracking number. */
export const fulfilOrderSchema = z
  .object({
    ...adminOrderNumber,
    lines: z
      .array(z.object({ lineId, quantity: lineQuantity }), { error: 'lines must be a list of {lineId, quantity}' })
      .min(1, 'lines must list at least one line to ship')
      .max(MAX_CART_LINES, `lines may list at most ${MAX_CART_LINES} lines`)
      .superRefine(distinctLines),
    carrier: z.enum(CARRIERS, { error: `carrier must be one of ${CARRIERS.join(', ')}` }),
    trackingNumber: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string({ error: 'trackingNumber must be text' })
        .trim()
        .max(100, 'trackingNumber must be at most 100 characters')
        .regex(/^[A-Za-z0-9 -]+$/, 'trackingNumber may hold letters, digits, spaces and dashes only')
        .optional(),
    ),
    /** Only for carrier "other": the page that tracks the shipment. */
    trackingUrl: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .url({ protocol: /^https?$/, error: 'trackingUrl must be a web address (https://…)' })
        .max(500, 'trackingUrl must be at most 500 characters')
        .optional(),
    ),
  })
  .refine((f) => f.carrier === 'other' || f.trackingUrl === undefined, {
    message: 'trackingUrl is only for carrier "other": the listed carriers have their own tracking pages',
    path: ['trackingUrl'],
  });
export const fulfilOrderMessageSchema = fulfilOrderSchema.extend(actor);
export type FulfilOrderRequest = z.input<typeof fulfilOrderSchema>;
export type FulfilOrderMessage = z.infer<typeof fulfilOrderMessageSchema>;

/** POST /api/admin/orders/:orderNumber/fulfilments/:fulfilmentId/{undo,delivered} */
export const fulfilmentStepSchema = z.object({
  ...adminOrderNumber,
  fulfilmentId: z.uuid({ error: 'fulfilmentId must be the id of one of the order’s shipments' }),
  step: z.enum(['undo', 'delivered']),
});
export const fulfilmentStepMessageSchema = fulfilmentStepSchema.extend(actor);
export type FulfilmentStepMessage = z.infer<typeof fulfilmentStepMessageSchema>;

/** POST /api/admin/orders/:orderNumber/cancel: an unpaid order is cancelled; a paid one is refunded in full first. */
export const cancelOrderSchema = z.object({
  ...adminOrderNumber,
  reason: reason('the order is cancelled'),
  /** Put every unit that was not shipped back on the shelf. */
  restock: z.boolean({ error: 'restock must be true or false' }).default(false),
});
export const cancelOrderMessageSchema = cancelOrderSchema.extend(actor);
export type CancelOrderRequest = z.input<typeof cancelOrderSchema>;
export type CancelOrderMessage = z.infer<typeof cancelOrderMessageSchema>;

/** POST /api/admin/orders/:orderNumber/notes: a staff note on the timeline (never shown to the buyer). */
export const orderNoteSchema = z.object({
  ...adminOrderNumber,
  text: z.string({ error: 'text is required' }).trim().min(1, 'text is required').max(2000, 'text must be at most 2000 characters'),
});
export const orderNoteMessageSchema = orderNoteSchema.extend(actor);
export type OrderNoteRequest = z.input<typeof orderNoteSchema>;
export type OrderNoteMessage = z.infer<typeof orderNoteMessageSchema>;
