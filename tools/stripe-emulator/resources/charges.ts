// Charges: made by confirming a PaymentIntent (payment-intents.ts); GET /v1/charges/:id, GET /v1/charges.
import type Stripe from 'stripe';
import type { Decline } from '../cards';
import { allowOnly, clone, newId, now, type Params, str } from '../params';
import { isBasil, type StripeState } from '../store';
import type { Shapes } from '../present';
import { get, route } from '../routing';

/** The charge of one confirmation of `pi` with `pm`: succeeded, or failed with the card's decline. */
export function createCharge(s: StripeState, pi: Stripe.PaymentIntent, pm: Stripe.PaymentMethod, failure: Decline | null, invoice?: string): Stripe.Charge {
  const card = pm.card!;
  return s.put(
    'charge',
    {
      id: newId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: failure ? 0 : pi.amount,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: null,
      billing_details: clone(pm.billing_details),
      calculated_statement_descriptor: 'STRIPE EMULATOR',
      captured: !failure,
      created: now(),
      currency: pi.currency,
      customer: pi.customer,
      description: pi.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      fraud_details: {},
      livemode: false,
      metadata: clone(pi.metadata),
      on_behalf_of: null,
      outcome: failure
        ? {
            advice_code: null,
            network_advice_code: null,
            network_decline_code: null,
            network_status: 'declined_by_network',
            reason: failure.decline_code,
            risk_level: 'normal',
            seller_message: 'The bank did not return any further details with this decline.',
            type: 'issuer_declined',
          }
        : {
            advice_code: null,
            network_advice_code: null,
            network_decline_code: null,
            network_status: 'approved_by_network',
            reason: null,
            risk_level: 'normal',
            seller_message: 'Payment complete.',
            type: 'authorized',
          },
      paid: !failure,
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details: {
        type: 'card',
        card: {
          amount_authorized: failure ? null : pi.amount,
          authorization_code: null,
          brand: card.brand,
          checks: clone(card.checks),
          country: 'US',
          electronic_commerce_indicator: null,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          funding: card.funding,
          // As on Stripe: the card's fingerprint travels with each charge, so a payment can be matched to a card.
          fingerprint: card.fingerprint,
          installments: null,
          last4: card.last4,
          mandate: null,
          network: card.brand,
          network_transaction_id: null,
          regulated_status: card.regulated_status,
          three_d_secure: null,
          transaction_link_id: null,
          wallet: null,
        },
      },
      receipt_email: pi.receipt_email,
      receipt_number: null,
      receipt_url: null,
      refunded: false,
      review: null,
      shipping: clone(pi.shipping),
      source: null,
      source_transfer: null,
      statement_descriptor: pi.statement_descriptor,
      statement_descriptor_suffix: pi.statement_descriptor_suffix,
      status: failure ? 'failed' : 'succeeded',
      transfer_data: null,
      transfer_group: null,
    },
    { invoice },
  );
}

export function listCharges(s: StripeState, p: Params) {
  allowOnly(p, ['customer', 'payment_intent', 'limit', 'starting_after']);
  const [customer, pi] = [str(p.customer, 'customer'), str(p.payment_intent, 'payment_intent')];
  return s.list('charge', p, '/v1/charges', (c) => (!customer || c.customer === customer) && (!pi || c.payment_intent === pi));
}

export const routes = [
  route('GET', '/v1/charges', (s, p) => listCharges(s, p)),
  route(
    'GET',
    '/v1/charges/:id',
    get((s, id) => s.find('charge', id, 'id', 404)),
  ),
];

export const shapes: Shapes = {
  charge: {
    expandable: ['customer', 'payment_intent', 'invoice'],
    render: (out, { internal }, version) => (isBasil(version) ? out : { ...out, invoice: internal.invoice ?? null }),
  },
};
