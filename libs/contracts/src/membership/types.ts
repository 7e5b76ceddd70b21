import type { SubscriptionStatus } from '../vocabulary/membership';

/** What the payment step answers (spec §3): the browser confirms `clientSecret` with Stripe.js. */
export interface MembershipPayment {
  clientSecret: string;
  subscriptionId: string;
  customerId: string;
}

/** POST /api/memberships over the bus; the gateway answers the browser `{referralCode}` and signs the member in. */
export interface JoinedMember {
  memberId: string;
  email: string;
  firstName: string;
  referralCode: string;
  /** False when this subscription already had its member (a repeat answers the same member). */
  created: boolean;
}

/** Spec §3 Member profile. Amounts are two-decimal strings; dates ISO. */
export interface MemberProfile {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  referralCode: string;
  memberSince: string;
  subscriptionStatus: SubscriptionStatus;
  /** End of the paid period; with cancelAtPeriodEnd, when the membership ends. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  totalReferrals: number;
  totalCommissions: string;
}

/** Spec §3 Referral. */
export interface MemberReferral {
  id: string;
  referredMember: { firstName: string; lastName: string; email: string; memberSince: string };
  commissionStatus: 'pending' | 'paid';
  commissionAmount: string;
}

/** Spec §3 Commission; payoutMonth is YYYY-MM, the month whose 15th pays it. */
export interface MemberCommission {
  id: string;
  amount: string;
  payoutMonth: string;
  status: 'pending' | 'paid';
  payoutDate: string | null;
}

/** Spec §3 Profit bonus. */
export interface MemberProfitBonus {
  id: string;
  amount: string;
  bonusPeriod: string;
  status: 'pending' | 'paid';
  payoutDate: string | null;
}

/** Spec §3 Member stats plus the totals the four stat cards show (consistent with the lists). */
export interface MemberStats {
  totalReferrals: number;
  totalCommissions: string;
  pendingCommissions: string;
  paidCommissions: string;
  totalProfitBonuses: string;
  /** Percent off all purchases (spec §9). */
  membershipDiscount: number;
}

export interface MemberPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** For member sign-in: whether the address belongs to a member (identity never learns more). */
export interface MemberLookup {
  member: { memberId: string; email: string; firstName: string } | null;
}

export type MembershipWebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown_member';
export interface MembershipWebhookResult {
  received: true;
  outcome: MembershipWebhookOutcome;
}
