import type Stripe from 'stripe';

/** A member's subscription as Stripe last told it. */
export interface SubscriptionState {
  subscriptionId: string;
  status: Stripe.Subscription.Status;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** Period end of the subscription (on its items since API 2025-03-31.basil). */
export const periodEnd = (sub: Stripe.Subscription): Date | null => {
  const end = sub.items.data[0]?.current_period_end;
  return end ? new Date(end * 1000) : null;
};

/** What a member row keeps of a Stripe subscription. */
export const subscriptionState = (sub: Stripe.Subscription): SubscriptionState => ({
  subscriptionId: sub.id,
  status: sub.status,
  periodEnd: periodEnd(sub),
  cancelAtPeriodEnd: sub.cancel_at_period_end,
});
