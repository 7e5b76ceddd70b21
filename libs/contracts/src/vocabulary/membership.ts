/** Stripe's subscription statuses; a member's `subscriptionStatus` is always Stripe's (spec §2 shows it as is). */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Spec §9 business constants of Marketshare. */
export const MEMBERSHIP_MONTHLY_PRICE = '5.00';
/** What a member earns for each member they refer, two decimals. */
export const REFERRAL_COMMISSION = '1.00';
/** Referrals that make a member VIP. */
export const VIP_REFERRALS = 10;
/** Percent off all purchases for members. */
export const MEMBER_DISCOUNT_PERCENT = 5;
/** Day of the month commissions are paid out. */
export const PAYOUT_DAY_OF_MONTH = 15;

/** Why a member cancels (the short list the cancel dialog offers), kept for the admin's Marketshare tab. */
export const CANCEL_REASONS = ['too_expensive', 'not_using_it', 'no_referrals', 'payment_trouble', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
