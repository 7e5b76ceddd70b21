// Refunds: POST /v1/refunds (by `payment_intent` or `charge`, whole or partial), GET /v1/refunds/:id,
// GET /v1/refunds[?payment_intent|charge]. A card refund answers at once; the test cards of
// https://docs.stripe.com/testing#refunds end later: pm_card_refundFail's refund starts `succeeded` and then fails
// (`failure_reason`, the amount given back to the charge), pm_card_pendingRefund's starts `pending` and then succeeds.
import type Stripe from 'stripe';
import { allowOnly, clone, int, invalid, metadata, newId, now, oneOf, type Params, str } from '../params';
import type { Shapes } from '../present';
import { get, route } from '../routing';
import { type Ctx, idOf, type StripeState } from '../store';

/** Why a pm_card_refundFail refund fails: the card was closed since, as Stripe's test refunds report it. */
const TEST_FAILURE_REASON = 'expired_or_canceled_card';

/**
 * Refunds a succeeded charge, the whole remaining amount unless `amount` says less; never more than is unrefunded
 * (Stripe's `amount_too_large`). Emits `refund.created` then `charge.refunded` (the charge with its new
 * `amount_refunded`, `refunded` once it is whole). Decided synchronously, so parallel refunds cannot both take the rest.
 */
export function createRefund(s: StripeState, p: Params, ctx: Ctx): Stripe.Refund {
  allowOnly(p, ['charge', 'payment_intent', 'amount', 'reason', 'metadata']);
  const chargeId = str(p.charge, 'charge');
  const piId = str(p.payment_intent, 'payment_intent');
  if (!chargeId && !piId)
    throw invalid('One of the following params should be provided for this request: payment_intent or charge.', undefined, 'parameter_missing');
  if (chargeId && piId) throw invalid('You cannot provide both charge and payment_intent.', 'payment_intent');
  let charge: Stripe.Charge;
  if (piId) {
    const pi = s.find('payment_intent', piId, 'payment_intent');
    const latest = idOf(pi.latest_charge);
    if (pi.status !== 'succeeded' || !latest)
      throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    charge = s.find('charge', latest, 'charge');
  } else charge = s.find('charge', chargeId!, 'charge');
  if (charge.status !== 'succeeded') throw invalid(`Charge ${charge.id} has not succeeded and cannot be refunded.`, 'charge', 'charge_not_refundable');
  if (charge.refunded) throw invalid(`Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
  const left = charge.amount - charge.amount_refunded;
  const amount = p.amount === undefined ? left : int(p.amount, 'amount')!;
  if (amount < 1) throw invalid('Invalid positive integer', 'amount');
  if (amount > left)
    throw invalid(
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
      'amount',
      'amount_too_large',
    );
  const pmId = idOf(charge.payment_method);
  const outcome = pmId ? s.entry('payment_method', pmId)?.internal.refund : undefined;
  const refund = s.put(
    'refund',
    {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      customer: idOf(charge.customer),
      customer_account: null,
      metadata: metadata(p.metadata),
      payment_intent: idOf(charge.payment_intent),
      payment_method: pmId,
      reason: oneOf(p.reason, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: outcome === 'pending' ? 'pending' : 'succeeded',
      transfer_reversal: null,
    },
    {},
  );
  const before = clone(charge);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  s.emit('refund.created', 'refund', refund, ctx);
  s.emit('charge.refunded', 'charge', charge, ctx, before);
  if (outcome === 'fail') s.later(() => failRefund(s, refund.id));
  if (outcome === 'pending') s.later(() => settleRefund(s, refund.id));
  return refund;
}

/** Some time later the card network refuses the refund: the refund fails and its amount is the charge's again. */
function failRefund(s: StripeState, id: string) {
  const refund = s.get('refund', id);
  const charge = refund && s.get('charge', idOf(refund.charge));
  if (!refund || !charge || refund.status === 'failed') return;
  const before = clone(refund);
  refund.status = 'failed';
  refund.failure_reason = TEST_FAILURE_REASON;
  charge.amount_refunded -= refund.amount;
  charge.refunded = false;
  s.emit('refund.updated', 'refund', refund, undefined, before);
  s.emit('charge.refund.updated', 'refund', refund, undefined, before);
  s.emit('refund.failed', 'refund', refund, undefined, before);
}

/** Some time later a pending refund goes through. */
function settleRefund(s: StripeState, id: string) {
  const refund = s.get('refund', id);
  if (!refund || refund.status !== 'pending') return;
  const before = clone(refund);
  refund.status = 'succeeded';
  s.emit('refund.updated', 'refund', refund, undefined, before);
  s.emit('charge.refund.updated', 'refund', refund, undefined, before);
}

export function listRefunds(s: StripeState, p: Params) {
  allowOnly(p, ['charge', 'payment_intent', 'limit', 'starting_after']);
  const [charge, pi] = [str(p.charge, 'charge'), str(p.payment_intent, 'payment_intent')];
  return s.list('refund', p, '/v1/refunds', (r) => (!charge || r.charge === charge) && (!pi || r.payment_intent === pi));
}

export const routes = [
  route('POST', '/v1/refunds', (s, p, c) => createRefund(s, p, c)),
  route('GET', '/v1/refunds', (s, p) => listRefunds(s, p)),
  route(
    'GET',
    '/v1/refunds/:id',
    get((s, id) => s.find('refund', id, 'refund', 404)),
  ),
];

export const shapes: Shapes = {
  refund: { expandable: ['charge', 'payment_intent'] },
};
