import type { HoldReason } from '@km/contracts/membership';
import { stripeFailure } from '@km/nest-kit/stripe';
import Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { normalisedEmail } from './email-normalisation';

/** Namespace of the referrer's advisory lock (first half of the two-key form; members.service uses 5101 and 5102). */
const REFERRER_LOCKS = 5103;

export interface JoinToReview {
  memberId: string;
  subscriptionId: string;
  referrerId: string | null;
  commissionId: string | null;
}

/**
 * The fingerprint of the card that paid the subscription's first invoice, as Stripe reports it (null when it was not
 * a card). Read from the invoice's payment with its PaymentIntent and PaymentMethod expanded (API 2025-03-31.basil and
 * later: invoices have no payment_intent).
 */
export async function firstPaymentCard(stripe: Stripe, subscriptionId: string): Promise<string | null> {
  const invoices = await stripe.invoices.list({ subscription: subscriptionId, limit: 100 });
  const first = invoices.data.find((invoice) => invoice.billing_reason === 'subscription_create');
  if (!first?.id) return null;
  const payments = await stripe.invoicePayments.list({ invoice: first.id, limit: 100, expand: ['data.payment.payment_intent.payment_method'] });
  for (const payment of payments.data) {
    if (payment.status !== 'paid') continue;
    const intent = payment.payment.payment_intent as Stripe.PaymentIntent | string | null | undefined;
    const method = typeof intent === 'object' ? (intent?.payment_method as Stripe.PaymentMethod | string | null) : null;
    const fingerprint = method && typeof method === 'object' ? method.card?.fingerprint : null;
    if (fingerprint) return fingerprint;
  }
  return null;
}

/**
 * ADR 0028; called by the join in its transaction, after the commission is written: keeps the
 * card the new member paid with, and holds the referrer's commission for an admin's review when the referral looks
 * like the referrer's own (same card as the referrer, same card as another member they referred, same mailbox).
 * The commission is written `pending` and held in the same transaction, so no payout run ever sees it payable.
 * Joins under one referrer are serialised on the referrer's lock, so two sock puppets paying with one card at the same
 * moment still see each other's card.
 */
export async function reviewJoin(manager: EntityManager, stripe: Stripe, join: JoinToReview): Promise<HoldReason | null> {
  let fingerprint: string | null;
  try {
    fingerprint = await firstPaymentCard(stripe, join.subscriptionId);
  } catch (error) {
    throw stripeFailure(error);
  }
  if (join.referrerId) await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [REFERRER_LOCKS, join.referrerId]);
  if (fingerprint)
    await manager.query(`INSERT INTO member_cards (member_id, fingerprint) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [join.memberId, fingerprint]);
  if (!join.referrerId || !join.commissionId) return null;
  const reason = await holdReason(manager, join.memberId, join.referrerId, fingerprint);
  if (!reason) return null;
  // A commission the join already wrote `reversed` (its payment was refunded first) stays reversed.
  await manager.query(`UPDATE commissions SET status = 'held', hold_reason = $2, held_at = now(), payout_date = NULL WHERE id = $1 AND status = 'pending'`, [
    join.commissionId,
    reason,
  ]);
  return reason;
}

async function holdReason(manager: EntityManager, memberId: string, referrerId: string, fingerprint: string | null): Promise<HoldReason | null> {
  const [row] = (await manager.query(
    `SELECT referrer.email AS referrer_email, referred.email AS referred_email,
            EXISTS (SELECT 1 FROM member_cards WHERE member_id = referrer.id AND fingerprint = $3) AS referrer_card,
            EXISTS (SELECT 1 FROM member_cards mc JOIN referrals r ON r.referred_id = mc.member_id
                    WHERE r.referrer_id = referrer.id AND mc.member_id <> referred.id AND mc.fingerprint = $3) AS referred_card
     FROM members referrer, members referred WHERE referrer.id = $1 AND referred.id = $2`,
    [referrerId, memberId, fingerprint],
  )) as { referrer_email: string; referred_email: string; referrer_card: boolean; referred_card: boolean }[];
  if (row.referrer_card) return 'same_card_as_referrer';
  if (row.referred_card) return 'same_card_as_referred_member';
  if (normalisedEmail(row.referrer_email) === normalisedEmail(row.referred_email)) return 'same_email_as_referrer';
  return null;
}
