// PaymentMethods (cards only): POST/GET /v1/payment_methods, GET /v1/payment_methods/:id, POST …/:id/attach,
// GET /v1/customers/:id/payment_methods; Stripe's test ids (pm_card_visa, …) resolve to fresh cards.
import type Stripe from 'stripe';
import { brandOf, cardFingerprint, LIVE_CARD, luhn, PM_TOKENS, TEST_CARDS } from '../cards';
import { address, allowOnly, cardError, hash, invalid, metadata, missing, newId, now, type Params, rawCardNumbers, str } from '../params';
import type { Shapes } from '../present';
import { get, route } from '../routing';
import type { Ctx, StripeState } from '../store';

/** Resolves `pm_card_visa`-style test ids (creating a PaymentMethod, as Stripe does) or an existing pm_ id. */
export function paymentMethod(s: StripeState, id: unknown, param: string, ctx: Ctx): Stripe.PaymentMethod {
  const pmId = str(id, param)!;
  if (PM_TOKENS[pmId])
    return createCardMethod(s, { number: PM_TOKENS[pmId], exp_month: '12', exp_year: String(new Date().getFullYear() + 3), cvc: '123' }, {}, ctx, param);
  return s.find('payment_method', pmId, param);
}

/** What Stripe.js adds to a confirmation it sends with the publishable key (PaymentIntents and SetupIntents alike). */
export const STRIPE_JS_CONFIRM_PARAMS = ['client_secret', 'key', 'expected_payment_method_type', 'payment_user_agent', 'time_on_page', 'guid', 'muid', 'sid'];

/**
 * The card an intent is confirmed with: `payment_method` (an id or a test token), else `payment_method_data` (raw
 * card fields, which only Stripe.js's publishable key may send), else the one already on the intent; undefined if none.
 */
export function confirmingPaymentMethod(s: StripeState, p: Params, ctx: Ctx, current: string | null): Stripe.PaymentMethod | undefined {
  const data = hash(p.payment_method_data, 'payment_method_data');
  if (p.payment_method !== undefined) return paymentMethod(s, p.payment_method, 'payment_method', ctx);
  if (data) {
    if (data.type !== 'card') throw invalid('The Stripe emulator only emulates cards (payment_method_data[type]=card).', 'payment_method_data[type]');
    const card = hash(data.card, 'payment_method_data[card]') ?? {};
    if (ctx.mode === 'secret' && card.number) throw rawCardNumbers();
    return createCardMethod(s, card, hash(data.billing_details, 'payment_method_data[billing_details]') ?? {}, ctx, 'payment_method_data[card]');
  }
  return current ? s.find('payment_method', current, 'payment_method') : undefined;
}

export function createPaymentMethod(s: StripeState, p: Params, ctx: Ctx): Stripe.PaymentMethod {
  allowOnly(p, ['type', 'card', 'billing_details', 'metadata', 'allow_redisplay', 'key', 'payment_user_agent', 'time_on_page', 'guid', 'muid', 'sid']);
  if (!p.type) throw missing('type');
  if (p.type !== 'card') throw invalid(`The Stripe emulator only emulates card PaymentMethods (type=card), not ${String(p.type)}.`, 'type');
  if (ctx.mode === 'secret' && hash(p.card, 'card')?.number) throw rawCardNumbers();
  return createCardMethod(s, hash(p.card, 'card') ?? {}, hash(p.billing_details, 'billing_details') ?? {}, ctx, 'card', metadata(p.metadata));
}

/** From raw card fields, which only Stripe.js (publishable key) may send. Invalid input gets Stripe's card errors. */
export function createCardMethod(
  s: StripeState,
  card: Params,
  billing: Params,
  _ctx: Ctx,
  param: string,
  meta: Record<string, string> = {},
): Stripe.PaymentMethod {
  const number = String(card.number ?? '').replace(/[\s-]/g, '');
  if (!number) throw missing(`${param}[number]`);
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) throw cardError('incorrect_number', 'Your card number is incorrect.', { param: 'number' });
  const month = Number(card.exp_month);
  if (!Number.isInteger(month) || month < 1 || month > 12)
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", { param: 'exp_month' });
  let year = Number(card.exp_year);
  if (year < 100) year += 2000;
  const today = new Date();
  if (!Number.isInteger(year) || year < today.getFullYear() || year > today.getFullYear() + 50)
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", { param: 'exp_year' });
  if (year === today.getFullYear() && month < today.getMonth() + 1)
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", { param: 'exp_month' });
  const cvc = card.cvc === undefined ? undefined : String(card.cvc);
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) throw cardError('invalid_cvc', "Your card's security code is invalid.", { param: 'cvc' });
  const known = TEST_CARDS[number];
  const brand = brandOf(number);
  const billingAddress = address(billing.address, 'billing_details[address]');
  return s.put(
    'payment_method',
    {
      id: newId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: {
        address: billingAddress,
        email: billing.email || null,
        name: billing.name || null,
        phone: billing.phone || null,
        tax_id: null,
      },
      card: {
        brand,
        checks: { address_line1_check: null, address_postal_code_check: billingAddress.postal_code ? 'pass' : null, cvc_check: cvc ? 'pass' : null },
        country: 'US',
        display_brand: brand,
        exp_month: month,
        exp_year: year,
        fingerprint: cardFingerprint(number),
        funding: known?.funding ?? 'credit',
        generated_from: null,
        last4: number.slice(-4),
        networks: { available: [brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: now(),
      customer: null,
      customer_account: null,
      livemode: false,
      metadata: meta,
      type: 'card',
    },
    {
      decline: known ? (known.decline ?? null) : LIVE_CARD,
      dispute: known?.dispute ?? false,
      refund: known?.refund,
      setupDecline: known ? (known.setupSucceeds ? null : (known.decline ?? null)) : LIVE_CARD,
    },
  );
}

export function listPaymentMethods(s: StripeState, p: Params, customerId?: string) {
  allowOnly(p, customerId ? ['type', 'limit', 'starting_after'] : ['customer', 'type', 'limit', 'starting_after']);
  const customer = customerId ?? str(p.customer, 'customer');
  if (customer) s.find('customer', customer, 'customer', customerId ? 404 : 400);
  const type = str(p.type, 'type');
  return s.list(
    'payment_method',
    p,
    customerId ? `/v1/customers/${customerId}/payment_methods` : '/v1/payment_methods',
    (r) => (!customer || r.customer === customer) && (!type || r.type === type),
  );
}

export function attachPaymentMethod(s: StripeState, id: string, p: Params, ctx: Ctx) {
  allowOnly(p, ['customer']);
  // A test token (pm_card_visa) makes a fresh card, as on Stripe.
  const pm = PM_TOKENS[id] ? paymentMethod(s, id, 'payment_method', ctx) : s.find('payment_method', id, 'payment_method', 404);
  if (!p.customer) throw missing('customer');
  return attach(s, pm, s.find('customer', str(p.customer, 'customer')!, 'customer'), ctx);
}

export function attach(s: StripeState, pm: Stripe.PaymentMethod, customer: Stripe.Customer, ctx: Ctx, emit = true) {
  if (pm.customer === customer.id) return pm;
  if (pm.customer) throw invalid('The payment method you provided has already been attached to a customer.', 'payment_method');
  pm.customer = customer.id;
  if (emit) s.emit('payment_method.attached', 'payment_method', pm, ctx);
  return pm;
}

export const routes = [
  route('GET', '/v1/customers/:id/payment_methods', (s, p, _c, id) => listPaymentMethods(s, p, id)),
  route('POST', '/v1/payment_methods', (s, p, c) => createPaymentMethod(s, p, c), true),
  route('GET', '/v1/payment_methods', (s, p) => listPaymentMethods(s, p)),
  route(
    'GET',
    '/v1/payment_methods/:id',
    get((s, id) => s.find('payment_method', id, 'payment_method', 404)),
  ),
  route('POST', '/v1/payment_methods/:id/attach', (s, p, c, id) => attachPaymentMethod(s, id, p, c)),
];

export const shapes: Shapes = {
  payment_method: { expandable: ['customer'] },
};
