// Products: POST/GET /v1/products, GET/POST /v1/products/:id.
import type Stripe from 'stripe';
import { allowOnly, array, bool, hash, invalid, metadata, missing, newId, now, nstr, type Params, str, strings } from '../params';
import type { Shapes } from '../present';
import { get, route } from '../routing';
import type { Ctx, StripeState } from '../store';
import { createPrice } from './prices';

export function createProduct(s: StripeState, p: Params, ctx: Ctx): Stripe.Product {
  allowOnly(p, [
    'id',
    'name',
    'active',
    'description',
    'metadata',
    'images',
    'url',
    'statement_descriptor',
    'unit_label',
    'tax_code',
    'default_price_data',
    'shippable',
  ]);
  const name = str(p.name, 'name');
  if (!name) throw missing('name');
  const id = str(p.id, 'id') ?? newId('prod', 14);
  if (s.has(id)) throw invalid('Product already exists.', 'id', 'resource_already_exists');
  const product = s.put(
    'product',
    {
      id,
      object: 'product',
      active: bool(p.active, 'active') ?? true,
      created: now(),
      default_price: null,
      description: nstr(p.description, 'description') ?? null,
      images: strings(p.images, 'images') ?? [],
      livemode: false,
      marketing_features: [],
      metadata: metadata(p.metadata),
      name,
      package_dimensions: null,
      shippable: bool(p.shippable, 'shippable') ?? null,
      statement_descriptor: nstr(p.statement_descriptor, 'statement_descriptor') ?? null,
      tax_code: nstr(p.tax_code, 'tax_code') ?? null,
      tax_details: null,
      type: 'service',
      unit_label: nstr(p.unit_label, 'unit_label') ?? null,
      updated: now(),
      url: nstr(p.url, 'url') ?? null,
    },
    {},
  );
  s.emit('product.created', 'product', product, ctx);
  const priceData = hash(p.default_price_data, 'default_price_data');
  if (priceData) product.default_price = createPrice(s, { ...priceData, product: id }, ctx).id;
  return product;
}

export function updateProduct(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.Product {
  allowOnly(p, ['name', 'active', 'description', 'metadata', 'images', 'url', 'default_price', 'statement_descriptor', 'unit_label', 'tax_code', 'shippable']);
  const product = s.find('product', id, 'id', 404);
  const before = structuredClone(product);
  if (p.name !== undefined) product.name = str(p.name, 'name')!;
  if (p.active !== undefined) product.active = bool(p.active, 'active')!;
  for (const k of ['description', 'url', 'statement_descriptor', 'unit_label', 'tax_code'] as const) if (p[k] !== undefined) product[k] = nstr(p[k], k) ?? null;
  if (p.images !== undefined) product.images = strings(p.images, 'images') ?? [];
  if (p.default_price !== undefined) product.default_price = s.find('price', str(p.default_price, 'default_price')!, 'default_price').id;
  product.metadata = metadata(p.metadata, product.metadata);
  product.updated = now();
  s.emit('product.updated', 'product', product, ctx, before);
  return product;
}

export function listProducts(s: StripeState, p: Params) {
  allowOnly(p, ['active', 'ids', 'limit', 'starting_after']);
  const active = bool(p.active, 'active');
  const ids = array(p.ids, 'ids');
  return s.list('product', p, '/v1/products', (r) => (active === undefined || r.active === active) && (!ids || ids.includes(r.id)));
}

export const routes = [
  route('POST', '/v1/products', (s, p, c) => createProduct(s, p, c)),
  route('GET', '/v1/products', (s, p) => listProducts(s, p)),
  route(
    'GET',
    '/v1/products/:id',
    get((s, id) => s.find('product', id, 'id', 404)),
  ),
  route('POST', '/v1/products/:id', (s, p, c, id) => updateProduct(s, id, p, c)),
];

export const shapes: Shapes = {
  product: { expandable: ['default_price'] },
};
