import type { MembershipWebhookOutcome } from '@km/contracts';
import { recordStripeEventOnce, STRIPE, stripeFailure } from '@km/nest-kit/stripe';
import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { lockSubscription } from '../subscriptions/subscription-locks';

/** The subscription an invoice belongs to: `parent.subscription_details` since API 2025-03-31.basil, `subscription` before. */
export function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const id = parent ?? legacy ?? null;
  return typeof id === 'string' ? id : (id?.id ?? null);
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * A refunded or disputed first membership payment takes back the commission it earned (ADR 0016). Any refund or
 * dispute counts, partial too: the referred member did not pay for the month that earned it. Before the payout the
 * commission becomes `reversed` with a guarded update (so it is never paid); once paid, the paid row stays as it is and
 * one negative `commission_reversals` row (unique per commission) is netted against the next payouts. Per Stripe
 * event once (`stripe_events`), and per commission once whatever events arrive (refund and dispute of one charge).
 */
@Injectable()
export class CommissionReversalsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
  ) {}

  async handle(event: Stripe.Event): Promise<MembershipWebhookOutcome> {
    const object = event.data.object as Stripe.Charge | Stripe.Dispute;
    const paymentIntent = idOf(object.payment_intent);
    if (!paymentIntent) return 'ignored';
    const subscriptionId = await this.firstInvoiceSubscription(paymentIntent);
    if (!subscriptionId) return 'ignored';
    const reason = event.type === 'charge.refunded' ? 'refund' : 'dispute';

    return this.dataSource.transaction(async (manager): Promise<MembershipWebhookOutcome> => {
      // The same lock as the subscription's other events: a refund and a dispute of one charge are decided one by one.
      await lockSubscription(manager, subscriptionId);
      // Recorded even when no commission exists yet: a member who has not joined yet (paid, then refunded before the
      // browser came back) gets the commission booked `reversed` when they join (MembersService.join reads it).
      if (!(await recordStripeEventOnce(manager, event, { subscription_id: subscriptionId }))) return 'duplicate';
      const [commission] = (await manager.query(`SELECT id FROM commissions WHERE earned_by_subscription_id = $1`, [subscriptionId])) as { id: string }[];
      if (!commission) {
        const [member] = (await manager.query(`SELECT 1 FROM members WHERE stripe_subscription_id = $1`, [subscriptionId])) as unknown[];
        // Joined without a referral code: nobody earned a commission. Not joined yet: kept for the join.
        return member ? 'ignored' : 'unknown_member';
      }
      // Waits for a payout run that holds the row; then either this takes it while pending (or held for review: ADR 0028,
      // never to be approved once its payment is back), or the run has paid it.
      // TypeORM answers an UPDATE as [rows, affected].
      const [, reversed] = (await manager.query(
        `UPDATE commissions SET status = 'reversed', reversed_at = now(), payout_date = NULL WHERE id = $1 AND status IN ('pending', 'held') RETURNING id`,
        [commission.id],
      )) as [unknown[], number];
      if (reversed === 1) return 'reversed';
      const [netted] = (await manager.query(
        `INSERT INTO commission_reversals (member_id, commission_id, amount, reason, stripe_event_id)
         SELECT member_id, id, -amount, $2, $3 FROM commissions WHERE id = $1 AND status = 'paid'
         ON CONFLICT (commission_id) DO NOTHING RETURNING id`,
        [commission.id, reason, event.id],
      )) as unknown[];
      return netted ? 'netted' : 'duplicate';
    });
  }

  /** The subscription whose first invoice this payment paid, or null (a renewal, a store order, anything else). */
  private async firstInvoiceSubscription(paymentIntent: string): Promise<string | null> {
    try {
      const payments = await this.stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, limit: 1 });
      const invoiceId = idOf(payments.data[0]?.invoice as string | { id: string } | undefined);
      if (!invoiceId) return null;
      const invoice = await this.stripe.invoices.retrieve(invoiceId);
      return invoice.billing_reason === 'subscription_create' ? invoiceSubscription(invoice) : null;
    } catch (error) {
      throw stripeFailure(error); // Stripe answers 5xx to us, we answer 503 to Stripe, and it delivers again
    }
  }
}
