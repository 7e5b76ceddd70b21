// Subscriptions (charge_automatically, licensed per-unit prices): POST/GET /v1/subscriptions,
// GET/POST/DELETE /v1/subscriptions/:id. Renewals happen when a test clock moves (test-clocks.ts).
import type Stripe from 'stripe';
import {
  allowOnly,
  array,
  bool,
  cardError,
  clone,
  hash,
  int,
  invalid,
  metadata,
  missing,
  newId,
  now,
  nstr,
  oneOf,
  type Params,
  pick,
  str,
  StripeError,
} from '../params';
import type { Shapes } from '../present';
import { get, route } from '../routing';
import { type Ctx, idOf, isBasil, type StripeState } from '../store';
import { defaultPaymentMethod, invoiceFailed, openSubscriptionInvoice } from './invoices';
import { confirmPaymentIntent } from './payment-intents';
import { addInterval, clockNow } from './test-clocks';

/** Not yet ended: what a clock moves and a default list shows. */
export const isLive = (sub: Stripe.Subscription) => sub.status !== 'canceled' && sub.status !== 'incomplete_expired';

function cancellationDetails(v: unknown): Partial<Stripe.Subscription.CancellationDetails> {
  const given = pick(hash(v, 'cancellation_details') ?? {}, ['comment', 'feedback']);
  return {
    ...(given.comment !== undefined && { comment: nstr(given.comment, 'cancellation_details[comment]') ?? null }),
    ...(given.feedback !== undefined && {
      feedback:
        given.feedback === ''
          ? null
          : (oneOf(given.feedback, 'cancellation_details[feedback]', [
              'customer_service',
              'low_quality',
              'missing_features',
              'other',
              'switched_service',
              'too_complex',
              'too_expensive',
              'unused',
            ] as const) ?? null),
    }),
  };
}

/** The legacy Plan view of a recurring price, which Stripe still sends on each subscription item. */
function planOf(price: Stripe.Price, recurring: Stripe.Price.Recurring): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: clone(price.metadata),
    meter: recurring.meter,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: recurring.trial_period_days,
    usage_type: recurring.usage_type,
  };
}

export function createSubscription(s: StripeState, p: Params, ctx: Ctx): Stripe.Subscription {
  allowOnly(p, [
    'customer',
    'items',
    'payment_behavior',
    'metadata',
    'default_payment_method',
    'payment_settings',
    'collection_method',
    'description',
    'off_session',
    'proration_behavior',
    'currency',
  ]);
  const customerId = str(p.customer, 'customer');
  if (!customerId) throw missing('customer');
  const customer = s.find('customer', customerId, 'customer');
  const items = array(p.items, 'items');
  if (!items?.length) throw missing('items');
  const lines = items.map((item, i) => {
    const param = `items[${i}][price]`;
    if (item?.price_data) throw invalid('The Stripe emulator does not emulate price_data; create a Price first.', `items[${i}][price_data]`);
    const priceId = str(item?.price, param);
    if (!priceId) throw missing(param);
    const price = s.find('price', priceId, param);
    if (price.type !== 'recurring')
      throw invalid('The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.', param);
    if (!price.active) throw invalid('The price specified is inactive. This field only accepts active prices.', param);
    const quantity = int(item.quantity, `items[${i}][quantity]`) ?? 1;
    return { price, recurring: price.recurring!, quantity, metadata: metadata(item.metadata) };
  });
  if (new Set(lines.map((l) => l.price.currency)).size > 1) throw invalid('All prices on a subscription must have the same `currency`.', 'items');
  const behavior =
    oneOf(p.payment_behavior, 'payment_behavior', ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'] as const) ??
    'allow_incomplete';
  if (behavior === 'pending_if_incomplete')
    throw invalid('The Stripe emulator does not emulate payment_behavior=pending_if_incomplete (it is for updates).', 'payment_behavior');
  if (oneOf(p.collection_method, 'collection_method', ['charge_automatically', 'send_invoice'] as const) === 'send_invoice')
    throw invalid('The Stripe emulator does not emulate collection_method=send_invoice.', 'collection_method');
  const settings = hash(p.payment_settings, 'payment_settings') ?? {};
  const saveDefault =
    oneOf(settings.save_default_payment_method, 'payment_settings[save_default_payment_method]', ['off', 'on_subscription'] as const) ?? 'off';
  const pmId = str(p.default_payment_method, 'default_payment_method');
  const defaultPm = pmId ? s.find('payment_method', pmId, 'default_payment_method') : undefined;
  const customerDefault = idOf(customer.invoice_settings.default_payment_method);
  const chargeWith = behavior === 'default_incomplete' ? undefined : (defaultPm ?? s.get('payment_method', customerDefault));
  const total = lines.reduce((sum, l) => sum + (l.price.unit_amount ?? 0) * l.quantity, 0);
  if (behavior === 'error_if_incomplete' && total > 0) {
    if (!chargeWith)
      throw invalid(
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
        undefined,
        'resource_missing',
      );
    const decline = s.internal('payment_method', chargeWith.id).decline;
    if (decline) throw cardError(decline.code, decline.message, { decline_code: decline.decline_code });
  }

  const start = clockNow(s, customer);
  const [cur, recurring] = [lines[0].price.currency, lines[0].recurring];
  const end = addInterval(start, recurring.interval, recurring.interval_count);
  const subId = newId('sub');
  const sub = s.put(
    'subscription',
    {
      id: subId,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: start,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'flexible', updated_at: undefined },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: cur,
      customer: customer.id,
      customer_account: null,
      days_until_due: null,
      default_payment_method: defaultPm?.id ?? null,
      default_source: null,
      description: nstr(p.description, 'description') ?? null,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: lines.map((l) => ({
          id: newId('si', 14),
          object: 'subscription_item',
          billing_thresholds: null,
          created: start,
          current_period_end: end,
          current_period_start: start,
          current_trial: null,
          discounts: [],
          metadata: l.metadata,
          plan: planOf(l.price, l.recurring),
          price: clone(l.price),
          quantity: l.quantity,
          subscription: subId,
          tax_rates: [],
        })),
        has_more: false,
        url: `/v1/subscription_items?subscription=${subId}`,
      },
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata: metadata(p.metadata),
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: saveDefault },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: start,
      status: 'incomplete',
      test_clock: customer.test_clock ?? null,
      transfer_data: null,
      trial_end: null,
      trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
      trial_start: null,
    },
    {},
  );
  s.emit('customer.subscription.created', 'subscription', sub, ctx);

  openSubscriptionInvoice(s, sub, customer, 'subscription_create', start, start, ctx);
  const internal = s.internal('subscription', sub.id);
  if (chargeWith && internal.pendingPaymentIntent) {
    try {
      confirmPaymentIntent(s, internal.pendingPaymentIntent, { payment_method: chargeWith.id }, ctx);
    } catch (e) {
      if (!(e instanceof StripeError && e.status === 402)) throw e; // allow_incomplete: the subscription stays incomplete
    }
  }
  delete internal.pendingPaymentIntent;
  return sub;
}

/** What happens to a subscription when its clock reaches its period end (or an incomplete one its 23 hours). */
export function cycle(s: StripeState, sub: Stripe.Subscription, ctx: Ctx) {
  const customer = s.entry('customer', String(sub.customer))!.object;
  const before = clone(sub);
  const at = clockNow(s, customer);
  if (sub.status === 'incomplete') {
    sub.status = 'incomplete_expired';
    sub.ended_at = at;
    s.emit('customer.subscription.updated', 'subscription', sub, ctx, before);
    return;
  }
  if (sub.cancel_at_period_end) {
    Object.assign(sub, { status: 'canceled', canceled_at: at, ended_at: at });
    sub.cancellation_details!.reason = 'cancellation_requested';
    s.emit('customer.subscription.deleted', 'subscription', sub, ctx);
    return;
  }
  const item = sub.items.data[0];
  const [oldStart, oldEnd] = [item.current_period_start, item.current_period_end];
  const { interval, interval_count } = item.price.recurring!;
  for (const i of sub.items.data) Object.assign(i, { current_period_start: oldEnd, current_period_end: addInterval(oldEnd, interval, interval_count) });
  s.emit('customer.subscription.updated', 'subscription', sub, ctx, before);
  const invoice = openSubscriptionInvoice(s, sub, customer, 'subscription_cycle', oldStart, oldEnd, ctx);
  const internal = s.internal('subscription', sub.id);
  const piId = internal.pendingPaymentIntent;
  delete internal.pendingPaymentIntent;
  if (!piId) return;
  const pmId = defaultPaymentMethod(s, sub, customer);
  if (!pmId) return invoiceFailed(s, invoice, ctx);
  try {
    confirmPaymentIntent(s, piId, { payment_method: pmId, off_session: 'true' }, ctx);
  } catch (e) {
    if (!(e instanceof StripeError && e.status === 402)) throw e; // the decline already made the subscription past_due
  }
}

export function updateSubscription(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.Subscription {
  allowOnly(p, ['metadata', 'cancel_at_period_end', 'default_payment_method', 'description', 'cancellation_details']);
  const sub = s.find('subscription', id, 'id', 404);
  if (sub.status === 'canceled' && Object.keys(p).some((k) => !['metadata', 'cancellation_details', 'expand'].includes(k))) {
    throw invalid('A canceled subscription can only update its cancellation_details and metadata.', undefined);
  }
  const before = clone(sub);
  if (p.cancel_at_period_end !== undefined) {
    sub.cancel_at_period_end = bool(p.cancel_at_period_end, 'cancel_at_period_end')!;
    sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
  }
  if (p.default_payment_method !== undefined)
    sub.default_payment_method =
      p.default_payment_method === '' ? null : s.find('payment_method', str(p.default_payment_method, 'default_payment_method')!, 'default_payment_method').id;
  if (p.description !== undefined) sub.description = nstr(p.description, 'description') ?? null;
  if (p.cancellation_details !== undefined) Object.assign(sub.cancellation_details!, cancellationDetails(p.cancellation_details));
  sub.metadata = metadata(p.metadata, sub.metadata);
  s.emit('customer.subscription.updated', 'subscription', sub, ctx, before);
  return sub;
}

export function cancelSubscription(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.Subscription {
  allowOnly(p, ['invoice_now', 'prorate', 'cancellation_details']);
  const sub = s.find('subscription', id, 'id', 404);
  if (sub.status === 'canceled') return sub;
  const at = now();
  Object.assign(sub, { status: 'canceled', canceled_at: at, ended_at: at });
  Object.assign(sub.cancellation_details!, { reason: 'cancellation_requested' }, cancellationDetails(p.cancellation_details));
  s.emit('customer.subscription.deleted', 'subscription', sub, ctx);
  return sub;
}

export function listSubscriptions(s: StripeState, p: Params) {
  allowOnly(p, ['customer', 'status', 'price', 'limit', 'starting_after']);
  const [customer, status, price] = [str(p.customer, 'customer'), str(p.status, 'status'), str(p.price, 'price')];
  return s.list(
    'subscription',
    p,
    '/v1/subscriptions',
    (sub) =>
      (!customer || sub.customer === customer) &&
      (status === 'all' || (status ? sub.status === status : isLive(sub))) &&
      (!price || sub.items.data.some((i) => i.price.id === price)),
  );
}

export const routes = [
  route('POST', '/v1/subscriptions', (s, p, c) => createSubscription(s, p, c)),
  route('GET', '/v1/subscriptions', (s, p) => listSubscriptions(s, p)),
  route(
    'GET',
    '/v1/subscriptions/:id',
    get((s, id) => s.find('subscription', id, 'id', 404)),
  ),
  route('POST', '/v1/subscriptions/:id', (s, p, c, id) => updateSubscription(s, id, p, c)),
  route('DELETE', '/v1/subscriptions/:id', (s, p, c, id) => cancelSubscription(s, id, p, c)),
];

export const shapes: Shapes = {
  subscription: {
    expandable: ['customer', 'latest_invoice', 'default_payment_method'],
    render: (out, { object }, version) => {
      if (isBasil(version)) return out;
      const item = object.items.data[0];
      return { ...out, current_period_start: item?.current_period_start ?? null, current_period_end: item?.current_period_end ?? null };
    },
  },
};
