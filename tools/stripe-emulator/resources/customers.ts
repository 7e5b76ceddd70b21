// Customers: POST/GET /v1/customers, GET/POST/DELETE /v1/customers/:id.
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { PM_TOKENS } from '../cards';
import { address, allowOnly, email, hash, invalid, metadata, newId, now, nstr, type Params, shipping, str, strings } from '../params';
import type { Shapes } from '../present';
import { assertOnlyExpand, get, route } from '../routing';
import type { Ctx, Deleted, StripeState } from '../store';
import { attach, paymentMethod } from './payment-methods';

const CUSTOMER_PARAMS = [
  'address',
  'description',
  'email',
  'metadata',
  'name',
  'phone',
  'shipping',
  'payment_method',
  'invoice_settings',
  'preferred_locales',
  'test_clock',
];

export function createCustomer(s: StripeState, p: Params, ctx: Ctx): Stripe.Customer {
  allowOnly(p, CUSTOMER_PARAMS);
  const c = s.put(
    'customer',
    {
      id: newId('cus', 14),
      object: 'customer',
      address: p.address === undefined || p.address === '' ? null : address(p.address, 'address'),
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: nstr(p.description, 'description') ?? null,
      discount: null,
      email: email(p.email, 'email') ?? null,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: metadata(p.metadata),
      name: nstr(p.name, 'name') ?? null,
      next_invoice_sequence: 1,
      phone: nstr(p.phone, 'phone') ?? null,
      preferred_locales: strings(p.preferred_locales, 'preferred_locales') ?? [],
      shipping: shipping(p.shipping) ?? null,
      tax_exempt: 'none',
      test_clock: p.test_clock === undefined ? null : s.find('test_helpers.test_clock', str(p.test_clock, 'test_clock')!, 'test_clock').id,
    },
    {},
  );
  if (p.payment_method) attach(s, paymentMethod(s, p.payment_method, 'payment_method', ctx), c, ctx, false);
  applyInvoiceSettings(s, c, p, ctx);
  s.emit('customer.created', 'customer', c, ctx);
  return c;
}

export function updateCustomer(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.Customer {
  allowOnly(
    p,
    CUSTOMER_PARAMS.filter((k) => k !== 'payment_method' && k !== 'test_clock'),
  );
  const c = s.find('customer', id, 'customer', 404);
  const before = structuredClone(c);
  for (const k of ['description', 'name', 'phone'] as const) if (p[k] !== undefined) c[k] = nstr(p[k], k) ?? null;
  if (p.email !== undefined) c.email = email(p.email, 'email') ?? null;
  if (p.address !== undefined) c.address = p.address === '' ? null : address(p.address, 'address');
  if (p.shipping !== undefined) c.shipping = shipping(p.shipping) ?? null;
  if (p.preferred_locales !== undefined) c.preferred_locales = strings(p.preferred_locales, 'preferred_locales') ?? [];
  c.metadata = metadata(p.metadata, c.metadata);
  applyInvoiceSettings(s, c, p, ctx);
  s.emit('customer.updated', 'customer', c, ctx, before);
  return c;
}

function applyInvoiceSettings(s: StripeState, c: Stripe.Customer, p: Params, ctx: Ctx) {
  const settings = hash(p.invoice_settings, 'invoice_settings');
  const pmId = settings && str(settings.default_payment_method, 'invoice_settings[default_payment_method]');
  if (!pmId) return;
  const pm = paymentMethod(s, pmId, 'invoice_settings[default_payment_method]', ctx);
  if (PM_TOKENS[pmId]) attach(s, pm, c, ctx, false); // a test token makes a fresh card, as on Stripe
  if (pm.customer !== c.id)
    throw invalid(
      `No such PaymentMethod: '${pmId}'; It's possible this PaymentMethod exists on one of your connected accounts, or the PaymentMethod is not attached to this customer.`,
      'invoice_settings[default_payment_method]',
      'resource_missing',
    );
  c.invoice_settings.default_payment_method = pm.id;
}

export function deleteCustomer(s: StripeState, id: string, ctx: Ctx): Deleted {
  const c = s.find('customer', id, 'customer', 404);
  s.emit('customer.deleted', 'customer', c, ctx);
  s.markDeleted('customer', id);
  return { id, object: 'customer', deleted: true };
}

export function listCustomers(s: StripeState, p: Params) {
  allowOnly(p, ['email', 'limit', 'starting_after']);
  const e = str(p.email, 'email');
  return s.list('customer', p, '/v1/customers', (c) => !e || c.email === e);
}

export const routes = [
  route('POST', '/v1/customers', (s, p, c) => createCustomer(s, p, c)),
  route('GET', '/v1/customers', (s, p) => listCustomers(s, p)),
  route(
    'GET',
    '/v1/customers/:id',
    get((s, id) => s.find('customer', id, 'customer', 404)),
  ),
  route('POST', '/v1/customers/:id', (s, p, c, id) => updateCustomer(s, id, p, c)),
  route('DELETE', '/v1/customers/:id', (s, p, c, id) => (assertOnlyExpand(p), deleteCustomer(s, id, c))),
];

export const shapes: Shapes = {
  customer: { expandable: ['invoice_settings.default_payment_method'] },
};
