// SetupIntents (cards, saved for later off-session charges): POST/GET /v1/setup_intents, GET/POST /v1/setup_intents/:id,
// POST …/:id/confirm (also with a publishable key and the client secret, as Stripe.js's confirmSetup does), POST …/:id/cancel.
// A confirmed SetupIntent attaches its card to the customer; a card that declines every charge fails here too, except
// 4000 0000 0000 0341, which saves and then declines each charge (https://docs.stripe.com/testing#declined-payments).
import type Stripe from 'stripe';
import { allowOnly, bool, cardError, clone, docUrl, hash, invalid, metadata, newId, now, nstr, oneOf, type Params, pick, str } from '../params';
import { render, type Shapes } from '../present';
import { route } from '../routing';
import { type Ctx, idOf, type StripeState } from '../store';
import { attach, confirmingPaymentMethod, paymentMethod, STRIPE_JS_CONFIRM_PARAMS } from './payment-methods';

const CREATE_PARAMS = [
  'customer',
  'description',
  'metadata',
  'usage',
  'payment_method_types',
  'automatic_payment_methods',
  'payment_method',
  'confirm',
  'return_url',
];
const CONFIRM_PARAMS = ['payment_method', 'payment_method_data', 'return_url', 'mandate_data', 'use_stripe_sdk', ...STRIPE_JS_CONFIRM_PARAMS];
const PUBLISHABLE_FIELDS = [
  'id',
  'object',
  'automatic_payment_methods',
  'cancellation_reason',
  'client_secret',
  'created',
  'description',
  'last_setup_error',
  'livemode',
  'next_action',
  'payment_method',
  'payment_method_types',
  'status',
  'usage',
];

export function createSetupIntent(s: StripeState, p: Params, ctx: Ctx): Stripe.SetupIntent {
  allowOnly(p, CREATE_PARAMS);
  const customerId = str(p.customer, 'customer');
  if (customerId) s.find('customer', customerId, 'customer');
  const types: string[] | undefined = p.payment_method_types;
  if (types && (!Array.isArray(types) || types.some((t) => t !== 'card')))
    throw invalid('The Stripe emulator only emulates the card payment method type.', 'payment_method_types');
  const apm = hash(p.automatic_payment_methods, 'automatic_payment_methods');
  if (apm && types)
    throw invalid('You may only specify one of these parameters: automatic_payment_methods, payment_method_types.', 'automatic_payment_methods');
  const id = newId('seti');
  const si: Stripe.SetupIntent = {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: types
      ? null
      : { allow_redirects: 'always', enabled: apm ? (bool(apm.enabled, 'automatic_payment_methods[enabled]') ?? true) : true },
    cancellation_reason: null,
    client_secret: `${id}_secret_${newId('x', 25).slice(2)}`,
    created: now(),
    customer: customerId ?? null,
    description: nstr(p.description, 'description') ?? null,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: metadata(p.metadata),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: oneOf(p.usage, 'usage', ['off_session', 'on_session'] as const) ?? 'off_session',
  };
  s.put('setup_intent', si, {});
  if (p.payment_method !== undefined)
    Object.assign(si, { payment_method: paymentMethod(s, p.payment_method, 'payment_method', ctx).id, status: 'requires_confirmation' });
  s.emit('setup_intent.created', 'setup_intent', si, ctx);
  return bool(p.confirm, 'confirm') ? confirmSetupIntent(s, id, {}, ctx) : si;
}

/** With a publishable key Stripe only shows an intent to the holder of its client secret. */
function intentFor(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.SetupIntent {
  const si = s.find('setup_intent', id, 'intent', 404);
  if (ctx.mode === 'publishable' && p.client_secret !== si.client_secret)
    throw invalid(
      'The client_secret provided does not match any associated SetupIntent on this account. Ensure the publishable key used belongs to the same account that created the SetupIntent.',
      'client_secret',
      'setup_intent_invalid_parameter',
    );
  return si;
}

export function confirmSetupIntent(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.SetupIntent {
  allowOnly(p, CONFIRM_PARAMS);
  const si = intentFor(s, id, p, ctx);
  const confirmable = ['requires_payment_method', 'requires_confirmation'];
  if (!confirmable.includes(si.status))
    throw invalid(
      `You cannot confirm this SetupIntent because it has a status of ${si.status}. Only a SetupIntent with one of the following statuses may be confirmed: ${[...confirmable].reverse().join(', ')}.`,
      undefined,
      'setup_intent_unexpected_state',
      400,
      { setup_intent: render(s, si, ctx.version, ctx.mode) },
    );
  const pm = confirmingPaymentMethod(s, p, ctx, idOf(si.payment_method));
  if (!pm)
    throw invalid(
      "You cannot confirm this SetupIntent because it's missing a payment method. You can either update the SetupIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      undefined,
      'setup_intent_unexpected_state',
    );
  const before = clone(si);
  const failure = s.internal('payment_method', pm.id).setupDecline;
  if (!failure) {
    const customer = idOf(si.customer);
    if (customer) attach(s, pm, s.find('customer', customer, 'customer'), ctx);
    Object.assign(si, { status: 'succeeded', payment_method: pm.id, last_setup_error: null });
    s.emit('setup_intent.succeeded', 'setup_intent', si, ctx, before);
    return si;
  }
  Object.assign(si, {
    status: 'requires_payment_method',
    payment_method: null,
    last_setup_error: {
      type: 'card_error',
      code: failure.code,
      decline_code: failure.decline_code,
      doc_url: docUrl(failure.code),
      message: failure.message,
      ...(failure.param && { param: failure.param }),
      payment_method: clone(pm),
    },
  });
  s.emit('setup_intent.setup_failed', 'setup_intent', si, ctx, before);
  throw cardError(failure.code, failure.message, { decline_code: failure.decline_code, setup_intent: render(s, si, ctx.version, ctx.mode) }, 402, true);
}

export function cancelSetupIntent(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.SetupIntent {
  allowOnly(p, ['cancellation_reason']);
  const si = s.find('setup_intent', id, 'intent', 404);
  if (si.status === 'succeeded' || si.status === 'canceled')
    throw invalid(`You cannot cancel this SetupIntent because it has a status of ${si.status}.`, undefined, 'setup_intent_unexpected_state', 400, {
      setup_intent: render(s, si, ctx.version),
    });
  const before = clone(si);
  si.status = 'canceled';
  si.cancellation_reason = oneOf(p.cancellation_reason, 'cancellation_reason', ['abandoned', 'duplicate', 'requested_by_customer'] as const) ?? null;
  s.emit('setup_intent.canceled', 'setup_intent', si, ctx, before);
  return si;
}

export function updateSetupIntent(s: StripeState, id: string, p: Params): Stripe.SetupIntent {
  allowOnly(p, ['metadata', 'description']);
  const si = s.find('setup_intent', id, 'intent', 404);
  if (p.description !== undefined) si.description = nstr(p.description, 'description') ?? null;
  si.metadata = metadata(p.metadata, si.metadata ?? {});
  return si;
}

export const routes = [
  route('POST', '/v1/setup_intents', (s, p, c) => createSetupIntent(s, p, c)),
  route('GET', '/v1/setup_intents', (s, p) => {
    allowOnly(p, ['customer', 'payment_method', 'limit', 'starting_after']);
    const [customer, pm] = [str(p.customer, 'customer'), str(p.payment_method, 'payment_method')];
    return s.list('setup_intent', p, '/v1/setup_intents', (r) => (!customer || r.customer === customer) && (!pm || r.payment_method === pm));
  }),
  route('GET', '/v1/setup_intents/:id', (s, p, c, id) => (allowOnly(p, ['client_secret', 'key']), intentFor(s, id, p, c)), true),
  route('POST', '/v1/setup_intents/:id', (s, p, _c, id) => updateSetupIntent(s, id, p)),
  route('POST', '/v1/setup_intents/:id/confirm', (s, p, c, id) => confirmSetupIntent(s, id, p, c), true),
  route('POST', '/v1/setup_intents/:id/cancel', (s, p, c, id) => cancelSetupIntent(s, id, p, c)),
];

export const shapes: Shapes = {
  setup_intent: {
    expandable: ['customer', 'payment_method'],
    render: (out, _entry, _version, mode) => (mode === 'publishable' ? pick(out, PUBLISHABLE_FIELDS) : out),
  },
};
