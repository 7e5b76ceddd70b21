// Invoices of subscriptions (charge_automatically, each paid by its own PaymentIntent) and their invoice payments:
// GET /v1/invoices, GET /v1/invoices/:id, POST /v1/invoices/:id/pay, GET /v1/invoice_payments[/:id].
import Stripe from 'stripe';
import { allowOnly, clone, hash, invalid, newId, now, type Params, str } from '../params';
import { present, type Shapes } from '../present';
import { get, route } from '../routing';
import { type Ctx, idOf, isBasil, type StripeState } from '../store';
import { confirmPaymentIntent, createPaymentIntent } from './payment-intents';
import { paymentMethod } from './payment-methods';
import { applyBalanceToInvoice } from './customer-balance-transactions';
import { clockNow } from './test-clocks';

/** Opens (finalizes) the invoice for the subscription's current period, with the PaymentIntent that pays it;
 *  `periodStart`/`periodEnd` are the invoice's own period (the one just ended, for a renewal, as on Stripe). */
export function openSubscriptionInvoice(
  s: StripeState,
  sub: Stripe.Subscription,
  customer: Stripe.Customer,
  reason: Stripe.Invoice.BillingReason,
  periodStart: number,
  periodEnd: number,
  ctx: Ctx,
): Stripe.Invoice {
  const at = clockNow(s, customer);
  const invId = newId('in');
  const [cur, saveDefault] = [sub.currency, sub.payment_settings?.save_default_payment_method];
  const [start, end] = [sub.items.data[0].current_period_start, sub.items.data[0].current_period_end];
  const total = sub.items.data.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1), 0);
  const sequence = customer.next_invoice_sequence ?? 1;
  customer.next_invoice_sequence = sequence + 1;
  // Finalized at once: the customer's balance is taken now (credit lowers what is due, ADR 0062).
  const { starting_balance, ending_balance, amount_due } = applyBalanceToInvoice(s, customer, invId, total, cur, ctx);
  const invoice = s.put(
    'invoice',
    {
      id: invId,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Stripe emulator',
      account_tax_ids: null,
      amount_due,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: amount_due,
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: false,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: at,
      currency: cur,
      custom_fields: null,
      customer: customer.id,
      customer_account: null,
      customer_address: clone(customer.address ?? null),
      customer_email: customer.email,
      customer_name: customer.name ?? null,
      customer_phone: customer.phone ?? null,
      customer_shipping: clone(customer.shipping),
      customer_tax_exempt: customer.tax_exempt ?? null,
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: at,
      ending_balance,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: {
        object: 'list',
        data: sub.items.data.map((item) => ({
          id: newId('il'),
          object: 'line_item',
          amount: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
          currency: cur,
          description: `${item.quantity} × ${s.get('product', String(item.price.product))?.name ?? 'Item'} (at ${((item.price.unit_amount ?? 0) / 100).toFixed(2)} ${cur} / ${item.price.recurring?.interval})`,
          discount_amounts: [],
          discountable: true,
          discounts: [],
          invoice: invId,
          livemode: false,
          metadata: {},
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: { invoice_item: null, proration: false, proration_details: null, subscription: sub.id, subscription_item: item.id },
          },
          period: { end, start },
          pretax_credit_amounts: [],
          pricing: {
            type: 'price_details',
            price_details: { price: item.price.id, product: String(item.price.product) },
            unit_amount_decimal: Stripe.Decimal.from(item.price.unit_amount ?? 0),
          },
          quantity: item.quantity ?? 1,
          quantity_decimal: Stripe.Decimal.from(item.quantity ?? 1),
          subscription: sub.id,
          subtotal: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
          taxes: [],
        })),
        has_more: false,
        url: `/v1/invoices/${invId}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`,
      on_behalf_of: null,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: clone(sub.metadata), subscription: sub.id } },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: periodEnd,
      period_start: periodStart,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance,
      statement_descriptor: null,
      status: 'open',
      status_transitions: { finalized_at: at, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: total,
      subtotal_excluding_tax: total,
      test_clock: customer.test_clock ?? null,
      total,
      total_discount_amounts: [],
      total_excluding_tax: total,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: at,
    },
    { subscription: sub.id },
  );
  sub.latest_invoice = invId;
  s.emit('invoice.created', 'invoice', invoice, ctx);
  s.emit('invoice.finalized', 'invoice', invoice, ctx);
  if (amount_due === 0) {
    invoicePaid(s, invoice, undefined, undefined, undefined, ctx);
    return invoice;
  }
  // The invoice's PaymentIntent: its client_secret is what the browser confirms.
  const pi = createPaymentIntent(
    s,
    {
      amount: String(amount_due),
      currency: cur,
      customer: customer.id,
      description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      ...(saveDefault === 'on_subscription' && { setup_future_usage: 'off_session' }),
    },
    ctx,
    invId,
  );
  s.internal('invoice', invId).paymentIntent = pi.id;
  s.put(
    'invoice_payment',
    {
      id: newId('inpay'),
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: amount_due,
      created: at,
      currency: cur,
      invoice: invId,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: pi.id },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    },
    {},
  );
  s.internal('subscription', sub.id).pendingPaymentIntent = pi.id;
  return invoice;
}

export function invoicePaid(
  s: StripeState,
  invoice: Stripe.Invoice,
  pi: Stripe.PaymentIntent | undefined,
  pm: Stripe.PaymentMethod | undefined,
  charge: Stripe.Charge | undefined,
  ctx: Ctx,
) {
  const before = clone(invoice);
  // On a test clock, paid at the clock's time, as Stripe does (a first invoice paid "in October").
  const customer = s.get('customer', idOf(invoice.customer));
  const at = customer ? clockNow(s, customer) : now();
  Object.assign(invoice, {
    status: 'paid',
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    attempted: !!pi,
    attempt_count: invoice.attempt_count + (pi ? 1 : 0),
  });
  const internal = s.internal('invoice', invoice.id!);
  internal.charge = charge?.id;
  invoice.status_transitions.paid_at = at;
  const payment = pi && s.all('invoice_payment').find((r) => r.payment.payment_intent === pi.id);
  if (payment) Object.assign(payment, { status: 'paid', amount_paid: invoice.amount_due, status_transitions: { canceled_at: null, paid_at: at } });
  s.emit('invoice.paid', 'invoice', invoice, ctx, before);
  s.emit('invoice.payment_succeeded', 'invoice', invoice, ctx, before);
  const sub = s.get('subscription', internal.subscription);
  if (!sub || !['incomplete', 'past_due', 'unpaid'].includes(sub.status)) return;
  const subBefore = clone(sub);
  sub.status = 'active';
  if (pm && sub.payment_settings?.save_default_payment_method === 'on_subscription') sub.default_payment_method = pm.id;
  s.emit('customer.subscription.updated', 'subscription', sub, ctx, subBefore);
}

export function invoiceFailed(s: StripeState, invoice: Stripe.Invoice, ctx: Ctx) {
  const before = clone(invoice);
  Object.assign(invoice, { attempted: true, attempt_count: invoice.attempt_count + 1 });
  s.emit('invoice.payment_failed', 'invoice', invoice, ctx, before);
  // A failed renewal makes an active subscription past_due (Stripe then retries per the dunning settings).
  const sub = s.get('subscription', s.internal('invoice', invoice.id!).subscription);
  if (!sub || invoice.billing_reason === 'subscription_create' || sub.status !== 'active') return;
  const subBefore = clone(sub);
  sub.status = 'past_due';
  s.emit('customer.subscription.updated', 'subscription', sub, ctx, subBefore);
}

/** Pays an open invoice now (POST /v1/invoices/:id/pay): with the given card, else the subscription's or customer's default. */
export function payInvoice(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.Invoice {
  allowOnly(p, ['payment_method', 'off_session']);
  const invoice = s.find('invoice', id, 'invoice', 404);
  if (invoice.status !== 'open') throw invalid('Invoice is already paid', undefined, 'invoice_unexpected_state');
  const internal = s.internal('invoice', id);
  const sub = s.get('subscription', internal.subscription);
  const customer = s.find('customer', String(invoice.customer), 'customer');
  const pmId = p.payment_method !== undefined ? str(p.payment_method, 'payment_method') : defaultPaymentMethod(s, sub, customer);
  if (!pmId)
    throw invalid(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      undefined,
      'invoice_no_customer_line_items',
    );
  const pm = paymentMethod(s, pmId, 'payment_method', ctx);
  confirmPaymentIntent(s, internal.paymentIntent!, { payment_method: pm.id }, ctx);
  return invoice;
}

export function defaultPaymentMethod(s: StripeState, sub: Stripe.Subscription | undefined, customer: Stripe.Customer): string | undefined {
  return idOf(sub?.default_payment_method) ?? idOf(customer.invoice_settings.default_payment_method) ?? undefined;
}

export function listInvoices(s: StripeState, p: Params) {
  allowOnly(p, ['customer', 'subscription', 'status', 'limit', 'starting_after']);
  const [customer, subscription, status] = [str(p.customer, 'customer'), str(p.subscription, 'subscription'), str(p.status, 'status')];
  return s.list(
    'invoice',
    p,
    '/v1/invoices',
    (r) =>
      (!customer || r.customer === customer) &&
      (!subscription || s.internal('invoice', r.id!).subscription === subscription) &&
      (!status || r.status === status),
  );
}

export function listInvoicePayments(s: StripeState, p: Params) {
  allowOnly(p, ['invoice', 'payment', 'status', 'limit', 'starting_after']);
  const invoice = str(p.invoice, 'invoice');
  const pi = hash(p.payment, 'payment')?.payment_intent;
  const status = str(p.status, 'status');
  return s.list(
    'invoice_payment',
    p,
    '/v1/invoice_payments',
    (r) => (!invoice || r.invoice === invoice) && (!pi || r.payment.payment_intent === pi) && (!status || r.status === status),
  );
}

export const routes = [
  route('GET', '/v1/invoices', (s, p) => listInvoices(s, p)),
  route(
    'GET',
    '/v1/invoices/:id',
    get((s, id) => s.find('invoice', id, 'invoice', 404)),
  ),
  route('POST', '/v1/invoices/:id/pay', (s, p, c, id) => payInvoice(s, id, p, c)),
  route('GET', '/v1/invoice_payments', (s, p) => listInvoicePayments(s, p)),
  route(
    'GET',
    '/v1/invoice_payments/:id',
    get((s, id) => s.find('invoice_payment', id, 'invoice_payment', 404)),
  ),
];

export const shapes: Shapes = {
  invoice: {
    expandable: ['customer', 'subscription', 'payment_intent', 'charge', 'parent.subscription_details.subscription'],
    includable: {
      confirmation_secret: (s, { object, internal }) => {
        const pi = internal.paymentIntent && s.find('payment_intent', internal.paymentIntent, 'payment_intent');
        return pi && object.status === 'open' ? { client_secret: pi.client_secret, type: 'payment_intent' } : null;
      },
      payments: (s, { object }, ctx) => present(s, listInvoicePayments(s, { invoice: object.id }), ctx, undefined),
    },
    render: (out, { object, internal }, version) => {
      if (isBasil(version)) return out;
      delete out.parent;
      return {
        ...out,
        payment_intent: internal.paymentIntent ?? null,
        subscription: internal.subscription ?? null,
        paid: object.status === 'paid',
        charge: internal.charge ?? null,
      };
    },
  },
  invoice_payment: { expandable: ['invoice', 'payment.payment_intent', 'payment.charge'] },
};
