// Prices (per unit, one-time or recurring): POST/GET /v1/prices, GET/POST /v1/prices/:id.
import Stripe from 'stripe';
import { allowOnly, bool, currency, hash, int, invalid, metadata, missing, newId, now, nstr, oneOf, type Params, str, strings } from '../params';
import type { Shapes } from '../present';
import { get, route } from '../routing';
import type { Ctx, StripeState } from '../store';
import { createProduct } from './products';

export function createPrice(s: StripeState, p: Params, ctx: Ctx): Stripe.Price {
  allowOnly(p, [
    'currency',
    'unit_amount',
    'unit_amount_decimal',
    'product',
    'product_data',
    'recurring',
    'lookup_key',
    'transfer_lookup_key',
    'nickname',
    'metadata',
    'active',
    'tax_behavior',
  ]);
  const cur = currency(p.currency);
  if (!cur) throw missing('currency');
  const unit =
    p.unit_amount !== undefined
      ? int(p.unit_amount, 'unit_amount')!
      : p.unit_amount_decimal !== undefined
        ? Math.round(Number(p.unit_amount_decimal))
        : undefined;
  if (unit === undefined)
    throw invalid(
      'Missing required param: unit_amount. (The Stripe emulator does not emulate custom_unit_amount or tiers.)',
      'unit_amount',
      'parameter_missing',
    );
  if (unit < 0) throw invalid('Invalid non-negative integer', 'unit_amount');
  let productId = str(p.product, 'product');
  const productData = hash(p.product_data, 'product_data');
  if (productId && productData) throw invalid('You may only specify one of these parameters: product, product_data.', 'product', 'parameters_exclusive');
  if (productId) s.find('product', productId, 'product');
  else if (productData) productId = createProduct(s, productData, ctx).id;
  else throw invalid('You must specify either `product` or `product_data` when creating a price.', 'product', 'parameter_missing');
  const recurring = hash(p.recurring, 'recurring');
  const interval = recurring && oneOf(recurring.interval, 'recurring[interval]', ['day', 'week', 'month', 'year'] as const);
  if (recurring && !interval) throw missing('recurring[interval]');
  const lookupKey = nstr(p.lookup_key, 'lookup_key') ?? null;
  const holder = lookupKey ? s.all('price').find((r) => r.lookup_key === lookupKey) : undefined;
  if (holder && !bool(p.transfer_lookup_key, 'transfer_lookup_key')) throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
  if (holder) holder.lookup_key = null;
  const price = s.put(
    'price',
    {
      id: newId('price'),
      object: 'price',
      active: bool(p.active, 'active') ?? true,
      billing_scheme: 'per_unit',
      created: now(),
      currency: cur,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: lookupKey,
      metadata: metadata(p.metadata),
      nickname: nstr(p.nickname, 'nickname') ?? null,
      product: productId,
      recurring: interval
        ? {
            interval,
            interval_count: int(recurring!.interval_count, 'recurring[interval_count]') ?? 1,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: oneOf(p.tax_behavior, 'tax_behavior', ['exclusive', 'inclusive', 'unspecified'] as const) ?? 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: interval ? 'recurring' : 'one_time',
      unit_amount: unit,
      unit_amount_decimal: Stripe.Decimal.from(unit),
    },
    {},
  );
  s.emit('price.created', 'price', price, ctx);
  return price;
}

export function updatePrice(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.Price {
  allowOnly(p, ['active', 'metadata', 'nickname', 'lookup_key', 'transfer_lookup_key', 'tax_behavior']);
  const price = s.find('price', id, 'price', 404);
  const before = structuredClone(price);
  if (p.active !== undefined) price.active = bool(p.active, 'active')!;
  if (p.nickname !== undefined) price.nickname = nstr(p.nickname, 'nickname') ?? null;
  if (p.lookup_key !== undefined) {
    const key = nstr(p.lookup_key, 'lookup_key') ?? null;
    const holder = key ? s.all('price').find((r) => r.lookup_key === key && r.id !== id) : undefined;
    if (holder && !bool(p.transfer_lookup_key, 'transfer_lookup_key')) throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
    if (holder) holder.lookup_key = null;
    price.lookup_key = key;
  }
  price.metadata = metadata(p.metadata, price.metadata);
  s.emit('price.updated', 'price', price, ctx, before);
  return price;
}

export function listPrices(s: StripeState, p: Params) {
  allowOnly(p, ['active', 'product', 'type', 'currency', 'lookup_keys', 'limit', 'starting_after']);
  const active = bool(p.active, 'active');
  const keys = strings(p.lookup_keys, 'lookup_keys');
  const [product, type, cur] = [str(p.product, 'product'), str(p.type, 'type'), currency(p.currency)];
  return s.list(
    'price',
    p,
    '/v1/prices',
    (r) =>
      (active === undefined || r.active === active) &&
      (!keys || (r.lookup_key !== null && keys.includes(r.lookup_key))) &&
      (!product || r.product === product) &&
      (!type || r.type === type) &&
      (!cur || r.currency === cur),
  );
}

export const routes = [
  route('POST', '/v1/prices', (s, p, c) => createPrice(s, p, c)),
  route('GET', '/v1/prices', (s, p) => listPrices(s, p)),
  route(
    'GET',
    '/v1/prices/:id',
    get((s, id) => s.find('price', id, 'price', 404)),
  ),
  route('POST', '/v1/prices/:id', (s, p, c, id) => updatePrice(s, id, p, c)),
];

export const shapes: Shapes = {
  price: { expandable: ['product'] },
};
