// PaymentIntents (card, automatic capture): POST/GET /v1/payment_intents, GET/POST /v1/payment_intents/:id,
// POST …/:id/confirm (also with a publishable key and the client secret, as Stripe.js does), POST …/:id/cancel.
import type Stripe from 'stripe';
import {
  allowOnly,
  amount,
  array,
  bool,
  cardError,
  clone,
  currency,
  docUrl,
  email,
  hash,
  invalid,
  metadata,
  missing,
  newId,
  now,
  nstr,
  oneOf,
  type Params,
  pick,
  shipping,
  str,
} from '../params';
import { render, type Shapes } from '../present';
import { route } from '../routing';
import { type Ctx, hasAllowedTypes, idOf, isBasil, refusesTypes, type StripeState } from '../store';
import { createCharge } from './charges';
import { openDispute } from './disputes';
import { invoiceFailed, invoicePaid } from './invoices';
import { attach, confirmingPaymentMethod, paymentMethod, STRIPE_JS_CONFIRM_PARAMS } from './payment-methods';

const PUBLISHABLE_INTENT_FIELDS = [
  'id',
  'object',
  'amount',
  'amount_details',
  'automatic_payment_methods',
  'canceled_at',
  'cancellation_reason',
  'capture_method',
  'client_secret',
  'confirmation_method',
  'created',
  'currency',
  'description',
  'last_payment_error',
  'livemode',
  'next_action',
  'payment_method',
  'payment_method_configuration_details',
  'payment_method_types',
  'processing',
  'receipt_email',
  'setup_future_usage',
  'shipping',
  'source',
  'status',
];
const PI_CREATE_PARAMS = [
  'amount',
  'currency',
  'customer',
  'description',
  'metadata',
  'receipt_email',
  'automatic_payment_methods',
  'payment_method_types',
  'excluded_payment_method_types',
  'payment_method',
  'confirm',
  'return_url',
  'setup_future_usage',
  'shipping',
  'statement_descriptor',
  'statement_descriptor_suffix',
  'capture_method',
];
const PI_CONFIRM_PARAMS = [
  'payment_method',
  'payment_method_data',
  'payment_method_types',
  'excluded_payment_method_types',
  'receipt_email',
  'return_url',
  'setup_future_usage',
  'shipping',
  'mandate_data',
  'off_session',
  'payment_method_options',
  'error_on_requires_action',
  'use_stripe_sdk',
  ...STRIPE_JS_CONFIRM_PARAMS,
];

/** payment_method_types / allowed_ / excluded_ as the request's API version accepts them; only card is emulated. */
function paymentMethodTypes(p: Params, ctx: Ctx) {
  const types: string[] | undefined = array(p.payment_method_types, 'payment_method_types');
  if (types && refusesTypes(ctx.version)) {
    throw invalid(
      `The payment_method_types parameter is no longer supported on API version ${ctx.version}. Use dynamic payment methods, excluded_payment_method_types or allowed_payment_method_types instead.`,
      'payment_method_types',
      'payment_method_types_no_longer_supported',
    );
  }
  if (types?.some((t) => t !== 'card')) throw invalid('The Stripe emulator only emulates the card payment method type.', 'payment_method_types');
  const allowed: string[] | undefined = array(p.allowed_payment_method_types, 'allowed_payment_method_types');
  if (allowed && !allowed.includes('card'))
    throw invalid('None of the allowed_payment_method_types is available: the Stripe emulator only emulates card.', 'allowed_payment_method_types');
  const excluded: Stripe.PaymentIntent.ExcludedPaymentMethodType[] | undefined = array(p.excluded_payment_method_types, 'excluded_payment_method_types');
  if (excluded?.includes('card'))
    throw invalid('The Stripe emulator only emulates card, which excluded_payment_method_types excludes.', 'excluded_payment_method_types');
  return { types, allowed, excluded };
}

const SETUP_FUTURE_USAGE = ['off_session', 'on_session'] as const;

/** `invoice`: the intent pays that invoice (made by invoices.ts, which has no automatic payment methods). */
export function createPaymentIntent(s: StripeState, p: Params, ctx: Ctx, invoice?: string): Stripe.PaymentIntent {
  allowOnly(p, [...PI_CREATE_PARAMS, ...(hasAllowedTypes(ctx.version) ? ['allowed_payment_method_types'] : [])]);
  if (p.amount === undefined) throw missing('amount');
  if (p.currency === undefined) throw missing('currency');
  const cur = currency(p.currency)!;
  const customerId = str(p.customer, 'customer');
  if (customerId) s.find('customer', customerId, 'customer');
  const { types, allowed, excluded } = paymentMethodTypes(p, ctx);
  const apm = hash(p.automatic_payment_methods, 'automatic_payment_methods');
  const given = [
    apm && 'automatic_payment_methods',
    types && 'payment_method_types',
    allowed && 'allowed_payment_method_types',
    excluded && allowed && 'excluded_payment_method_types',
  ].filter(Boolean);
  if (given.length > 1) throw invalid(`You may only specify one of these parameters: ${given.join(', ')}.`, String(given[0]), 'parameters_exclusive');
  const capture = oneOf(p.capture_method, 'capture_method', ['automatic', 'automatic_async', 'manual'] as const);
  if (capture === 'manual') throw invalid('The Stripe emulator does not emulate capture_method=manual.', 'capture_method');
  const id = newId('pi');
  const pi: Stripe.PaymentIntent = {
    id,
    object: 'payment_intent',
    amount: amount(p.amount, cur),
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    allowed_payment_method_types: allowed ?? null,
    // Since 2023-08-16 Stripe turns automatic payment methods on when no types are given.
    automatic_payment_methods:
      invoice || types || allowed
        ? null
        : {
            allow_redirects: oneOf(apm?.allow_redirects, 'automatic_payment_methods[allow_redirects]', ['always', 'never'] as const) ?? 'always',
            enabled: apm ? (bool(apm.enabled, 'automatic_payment_methods[enabled]') ?? true) : true,
          },
    canceled_at: null,
    cancellation_reason: null,
    capture_method: capture ?? 'automatic_async',
    client_secret: `${id}_secret_${newId('x', 25).slice(2)}`,
    confirmation_method: 'automatic',
    created: now(),
    currency: cur,
    customer: customerId ?? null,
    customer_account: null,
    description: nstr(p.description, 'description') ?? null,
    excluded_payment_method_types: excluded ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: metadata(p.metadata),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'], // the only type emulated
    payment_record: null,
    processing: null,
    receipt_email: email(p.receipt_email, 'receipt_email') ?? null,
    review: null,
    setup_future_usage: oneOf(p.setup_future_usage, 'setup_future_usage', SETUP_FUTURE_USAGE) ?? null,
    shipping: shipping(p.shipping) ?? null,
    source: null,
    statement_descriptor: nstr(p.statement_descriptor, 'statement_descriptor') ?? null,
    statement_descriptor_suffix: nstr(p.statement_descriptor_suffix, 'statement_descriptor_suffix') ?? null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
  const confirm = bool(p.confirm, 'confirm');
  const pm = p.payment_method !== undefined ? paymentMethod(s, p.payment_method, 'payment_method', ctx) : undefined;
  s.put('payment_intent', pi, { invoice });
  if (pm) Object.assign(pi, { payment_method: pm.id, status: confirm ? pi.status : 'requires_confirmation' });
  s.emit('payment_intent.created', 'payment_intent', pi, ctx);
  return confirm ? confirmPaymentIntent(s, id, { payment_method: pm?.id, ...(p.return_url && { return_url: p.return_url }) }, ctx) : pi;
}

/** With a publishable key Stripe only shows an intent to the holder of its client secret. */
function intentFor(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.PaymentIntent {
  const pi = s.find('payment_intent', id, 'intent', 404);
  if (ctx.mode === 'publishable' && p.client_secret !== pi.client_secret) {
    throw invalid(
      `The client_secret provided does not match any associated PaymentIntent on this account. Ensure the publishable key used belongs to the same account that created the PaymentIntent.`,
      'client_secret',
      'payment_intent_invalid_parameter',
    );
  }
  return pi;
}

export function retrievePaymentIntent(s: StripeState, id: string, p: Params, ctx: Ctx) {
  allowOnly(p, ['client_secret', 'key']);
  return intentFor(s, id, p, ctx);
}

export function listPaymentIntents(s: StripeState, p: Params) {
  allowOnly(p, ['customer', 'limit', 'starting_after']);
  const customer = str(p.customer, 'customer');
  return s.list('payment_intent', p, '/v1/payment_intents', (r) => !customer || r.customer === customer);
}

export function updatePaymentIntent(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.PaymentIntent {
  allowOnly(p, [
    'amount',
    'currency',
    'customer',
    'description',
    'metadata',
    'payment_method',
    'receipt_email',
    'setup_future_usage',
    'shipping',
    'statement_descriptor',
    'statement_descriptor_suffix',
    'payment_method_types',
    'excluded_payment_method_types',
    ...(hasAllowedTypes(ctx.version) ? ['allowed_payment_method_types'] : []),
  ]);
  const pi = s.find('payment_intent', id, 'intent', 404);
  const { allowed, excluded } = paymentMethodTypes(p, ctx);
  if (allowed) pi.allowed_payment_method_types = allowed;
  if (excluded) pi.excluded_payment_method_types = excluded;
  const editable = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
  for (const field of ['amount', 'currency', 'payment_method', 'setup_future_usage', 'customer']) {
    if (p[field] !== undefined && !editable.includes(pi.status)) {
      throw invalid(
        `This PaymentIntent's ${field} could not be updated because it has a status of ${pi.status}. You may only update the ${field} of a PaymentIntent with one of the following statuses: ${editable.join(', ')}.`,
        field,
        'payment_intent_unexpected_state',
      );
    }
  }
  if (s.internal('payment_intent', pi.id).invoice && (p.amount !== undefined || p.currency !== undefined))
    throw invalid('You cannot update the amount or currency of a PaymentIntent created by an invoice.', 'amount');
  const cur = currency(p.currency) ?? pi.currency;
  if (p.amount !== undefined || p.currency !== undefined) Object.assign(pi, { currency: cur, amount: amount(p.amount ?? String(pi.amount), cur) });
  if (p.customer !== undefined) pi.customer = s.find('customer', str(p.customer, 'customer')!, 'customer').id;
  if (p.payment_method !== undefined)
    Object.assign(pi, { payment_method: paymentMethod(s, p.payment_method, 'payment_method', ctx).id, status: 'requires_confirmation' });
  for (const k of ['description', 'statement_descriptor', 'statement_descriptor_suffix'] as const) if (p[k] !== undefined) pi[k] = nstr(p[k], k) ?? null;
  if (p.receipt_email !== undefined) pi.receipt_email = email(p.receipt_email, 'receipt_email') ?? null;
  if (p.setup_future_usage !== undefined)
    pi.setup_future_usage = p.setup_future_usage === '' ? null : (oneOf(p.setup_future_usage, 'setup_future_usage', SETUP_FUTURE_USAGE) ?? null);
  if (p.shipping !== undefined) pi.shipping = shipping(p.shipping) ?? null;
  pi.metadata = metadata(p.metadata, pi.metadata ?? {});
  return pi;
}

export function confirmPaymentIntent(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.PaymentIntent {
  allowOnly(p, [...PI_CONFIRM_PARAMS, ...(hasAllowedTypes(ctx.version) ? ['allowed_payment_method_types'] : [])]);
  paymentMethodTypes(p, ctx);
  const pi = intentFor(s, id, p, ctx);
  const confirmable = ['requires_payment_method', 'requires_confirmation'];
  if (!confirmable.includes(pi.status)) {
    throw invalid(
      `You cannot confirm this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${[...confirmable].reverse().join(', ')}.`,
      undefined,
      'payment_intent_unexpected_state',
      400,
      { payment_intent: render(s, pi, ctx.version, ctx.mode) },
    );
  }
  const pm = confirmingPaymentMethod(s, p, ctx, idOf(pi.payment_method));
  if (!pm) {
    throw invalid(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      undefined,
      'payment_intent_unexpected_state',
    );
  }
  if (p.receipt_email !== undefined) pi.receipt_email = email(p.receipt_email, 'receipt_email') ?? null;
  if (p.shipping !== undefined) pi.shipping = shipping(p.shipping) ?? null;
  if (p.setup_future_usage !== undefined) pi.setup_future_usage = oneOf(p.setup_future_usage, 'setup_future_usage', SETUP_FUTURE_USAGE) ?? null;
  return chargeCard(s, pi, pm, ctx);
}

/** Runs the card: success or Stripe's decline (402, replayed under the same Idempotency-Key). */
function chargeCard(s: StripeState, pi: Stripe.PaymentIntent, pm: Stripe.PaymentMethod, ctx: Ctx): Stripe.PaymentIntent {
  const before = clone(pi);
  const card = s.internal('payment_method', pm.id);
  const invoiceId = s.internal('payment_intent', pi.id).invoice;
  const failure = card.decline;
  const charge = createCharge(s, pi, pm, failure, invoiceId);
  pi.latest_charge = charge.id;
  const invoice = s.get('invoice', invoiceId);
  if (!failure) {
    Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, payment_method: pm.id, last_payment_error: null });
    const customer = idOf(pi.customer);
    if (pi.setup_future_usage && customer) attach(s, pm, s.find('customer', customer, 'customer'), ctx);
    s.emit('payment_intent.succeeded', 'payment_intent', pi, ctx, before);
    s.emit('charge.succeeded', 'charge', charge, ctx);
    if (invoice) invoicePaid(s, invoice, pi, pm, charge, ctx);
    if (card.dispute) openDispute(s, charge.id, { reason: 'fraudulent' }, ctx);
    return pi;
  }
  const error = { type: 'card_error', ...failure, doc_url: docUrl(failure.code), charge: charge.id, payment_method: render(s, pm, ctx.version) };
  pi.status = 'requires_payment_method';
  pi.payment_method = null;
  pi.last_payment_error = {
    type: 'card_error',
    charge: charge.id,
    code: failure.code,
    decline_code: failure.decline_code,
    doc_url: docUrl(failure.code),
    message: failure.message,
    ...(failure.param && { param: failure.param }),
    payment_method: clone(pm),
  };
  s.emit('payment_intent.payment_failed', 'payment_intent', pi, ctx, before);
  s.emit('charge.failed', 'charge', charge, ctx);
  if (invoice) invoiceFailed(s, invoice, ctx);
  throw cardError(
    failure.code,
    failure.message,
    { ...error, payment_intent: render(s, pi, ctx.version, ctx.mode), request_log_url: `https://dashboard.stripe.com/test/logs/${ctx.requestId}` },
    402,
    true,
  );
}

export function cancelPaymentIntent(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.PaymentIntent {
  allowOnly(p, ['cancellation_reason']);
  const pi = s.find('payment_intent', id, 'intent', 404);
  const cancelable = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
  if (!cancelable.includes(pi.status)) {
    throw invalid(
      `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelable.join(', ')}.`,
      undefined,
      'payment_intent_unexpected_state',
      400,
      { payment_intent: render(s, pi, ctx.version) },
    );
  }
  if (s.internal('payment_intent', pi.id).invoice)
    throw invalid('You cannot cancel this PaymentIntent because it was created by an invoice.', undefined, 'payment_intent_unexpected_state');
  const before = clone(pi);
  Object.assign(pi, {
    status: 'canceled',
    canceled_at: now(),
    cancellation_reason:
      oneOf(p.cancellation_reason, 'cancellation_reason', ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const) ?? null,
  });
  s.emit('payment_intent.canceled', 'payment_intent', pi, ctx, before);
  return pi;
}

export const routes = [
  route('POST', '/v1/payment_intents', (s, p, c) => createPaymentIntent(s, p, c)),
  route('GET', '/v1/payment_intents', (s, p) => listPaymentIntents(s, p)),
  route('GET', '/v1/payment_intents/:id', (s, p, c, id) => retrievePaymentIntent(s, id, p, c), true),
  route('POST', '/v1/payment_intents/:id', (s, p, c, id) => updatePaymentIntent(s, id, p, c)),
  route('POST', '/v1/payment_intents/:id/confirm', (s, p, c, id) => confirmPaymentIntent(s, id, p, c), true),
  route('POST', '/v1/payment_intents/:id/cancel', (s, p, c, id) => cancelPaymentIntent(s, id, p, c)),
];

export const shapes: Shapes = {
  payment_intent: {
    expandable: ['customer', 'payment_method', 'latest_charge', 'invoice'],
    render: (out, { internal }, version, mode) => {
      if (!isBasil(version)) out.invoice = internal.invoice ?? null;
      if (!hasAllowedTypes(version)) delete out.allowed_payment_method_types;
      return mode === 'publishable' ? pick(out, PUBLISHABLE_INTENT_FIELDS) : out;
    },
  },
};
