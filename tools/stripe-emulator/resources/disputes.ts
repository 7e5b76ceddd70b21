// Disputes: opened by the cardholder's bank (pm_card_createDispute, or POST /_emulator/charges/:id/dispute);
// GET /v1/disputes/:id.
import type Stripe from 'stripe';
import { invalid, newId, now, oneOf, type Params } from '../params';
import type { Shapes } from '../present';
import { get, route } from '../routing';
import { type Ctx, idOf, type StripeState } from '../store';

const NO_EVIDENCE: Stripe.Dispute.Evidence = {
  access_activity_log: null,
  billing_address: null,
  cancellation_policy: null,
  cancellation_policy_disclosure: null,
  cancellation_rebuttal: null,
  customer_communication: null,
  customer_email_address: null,
  customer_name: null,
  customer_purchase_ip: null,
  customer_signature: null,
  duplicate_charge_documentation: null,
  duplicate_charge_explanation: null,
  duplicate_charge_id: null,
  enhanced_evidence: {},
  product_description: null,
  receipt: null,
  refund_policy: null,
  refund_policy_disclosure: null,
  refund_refusal_explanation: null,
  service_date: null,
  service_documentation: null,
  shipping_address: null,
  shipping_carrier: null,
  shipping_date: null,
  shipping_documentation: null,
  shipping_tracking_number: null,
  uncategorized_file: null,
  uncategorized_text: null,
};

/**
 * Opens a dispute on a succeeded charge, as a cardholder's bank does: Stripe makes these only from its test cards
 * (pm_card_createDispute), so the emulator also offers it for any charge at `POST /_emulator/charges/:id/dispute`
 * (a dispute after the fact). Emits `charge.dispute.created`; the charge shows `disputed: true`.
 */
export function openDispute(s: StripeState, chargeId: string, p: Params, ctx: Ctx): Stripe.Dispute {
  const charge = s.find('charge', chargeId, 'charge', 404);
  if (charge.status !== 'succeeded') throw invalid(`Charge ${charge.id} has not succeeded and cannot be disputed.`, 'charge');
  if (charge.disputed) throw invalid(`Charge ${charge.id} is already disputed.`, 'charge', 'charge_disputed');
  const dispute = s.put(
    'dispute',
    {
      id: newId('dp'),
      object: 'dispute',
      amount: charge.amount - charge.amount_refunded,
      balance_transactions: [],
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      enhanced_eligibility_types: [],
      evidence: NO_EVIDENCE,
      evidence_details: {
        due_by: now() + 7 * 86400,
        enhanced_eligibility: {},
        has_evidence: false,
        past_due: false,
        submission_count: 0,
        submission_method: 'not_submitted',
      },
      intended_submission_method: null,
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: idOf(charge.payment_intent),
      reason:
        oneOf(p.reason, 'reason', ['fraudulent', 'product_not_received', 'duplicate', 'general', 'subscription_canceled', 'unrecognized'] as const) ??
        'fraudulent',
      status: 'needs_response',
    },
    {},
  );
  charge.disputed = true;
  s.emit('charge.dispute.created', 'dispute', dispute, ctx);
  return dispute;
}

export const routes = [
  route(
    'GET',
    '/v1/disputes/:id',
    get((s, id) => s.find('dispute', id, 'dispute', 404)),
  ),
];

export const shapes: Shapes = {
  dispute: { expandable: ['charge', 'payment_intent'] },
};
