// Tokens (Stripe.js createToken): POST /v1/tokens with card fields, publishable key only in practice.
import type Stripe from 'stripe';
import { allowOnly, hash, missing, newId, now, nstr, type Params, rawCardNumbers } from '../params';
import { route } from '../routing';
import type { Ctx, StripeState } from '../store';
import { createCardMethod } from './payment-methods';

export function createToken(s: StripeState, p: Params, ctx: Ctx): Stripe.Token {
  allowOnly(p, ['card', 'key', 'payment_user_agent', 'time_on_page', 'guid', 'muid', 'sid']);
  const card = hash(p.card, 'card');
  if (!card) throw missing('card');
  if (ctx.mode === 'secret' && card.number) throw rawCardNumbers();
  const pm = createCardMethod(s, card, { name: card.name, address: { postal_code: card.address_zip, country: card.address_country } }, ctx, 'card');
  s.remove('payment_method', pm.id);
  const { brand, country, exp_month, exp_year, fingerprint, funding, last4 } = pm.card!;
  return s.put(
    'token',
    {
      id: newId('tok'),
      object: 'token',
      card: {
        id: newId('card'),
        object: 'card',
        address_city: nstr(card.address_city, 'card[address_city]') ?? null,
        address_country: nstr(card.address_country, 'card[address_country]') ?? null,
        address_line1: nstr(card.address_line1, 'card[address_line1]') ?? null,
        address_line1_check: null,
        address_line2: nstr(card.address_line2, 'card[address_line2]') ?? null,
        address_state: nstr(card.address_state, 'card[address_state]') ?? null,
        address_zip: nstr(card.address_zip, 'card[address_zip]') ?? null,
        address_zip_check: card.address_zip ? 'pass' : null,
        brand,
        country,
        cvc_check: card.cvc ? 'pass' : null,
        dynamic_last4: null,
        exp_month,
        exp_year,
        fingerprint,
        funding,
        last4,
        metadata: {},
        name: nstr(card.name, 'card[name]') ?? null,
        regulated_status: 'unregulated',
        tokenization_method: null,
      },
      client_ip: null,
      created: now(),
      livemode: false,
      type: 'card',
      used: false,
    },
    {},
  );
}

export const routes = [route('POST', '/v1/tokens', (s, p, c) => createToken(s, p, c), true)];
