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
  /** True once, for the browser that started this payment step: only it may be signed in (ADR 0026). */
  sessionGranted: boolean;
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
  /** While past_due: when the grace period ends and the membership is cancelled unless the card is updated (ADR 0059). */
  graceEndsAt: string | null;
  totalReferrals: number;
  totalCommissions: string;
}

/** Spec §3 Referral. */
export interface MemberReferral {
  id: string;
  referredMember: { firstName: string; lastName: string; email: string; memberSince: string };
  commissionStatus: CommissionStatus;
  commissionAmount: string;
}

/**
 * `reversed`: the referred member's first payment was refunded or disputed before the payout, or an admin reversed a
 * held commission; never paid. `held`: looks like self-referral and waits for an admin's review (ADR 0028); not paid
 * until approved, when it becomes `pending`.
 */
export type CommissionStatus = 'pending' | 'held' | 'paid' | 'reversed';

/** Spec §3 Commission; payoutMonth is YYYY-MM, the month whose 15th pays it. */
export interface MemberCommission {
  id: string;
  amount: string;
  payoutMonth: string;
  status: CommissionStatus;
  payoutDate: string | null;
  /**
   * A paid commission whose payment was refunded or disputed afterwards: the negative entry ("-1.00") netted
   * against the next payouts, and when it was made. The paid row itself is never changed.
   */
  clawback: { amount: string; at: string } | null;
  /** How a paid commission reached the member (ADR 0062): transferred, or applied to their membership invoices. */
  paidAs: PayoutMethod | null;
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
  /** Pending Earnings: pending commissions less the refunded or disputed ones not yet netted, never below 0.00. */
  pendingCommissions: string;
  /** What refunds and disputes after payouts still owe beyond what is pending: netted against later payouts. */
  carriedBalance: string;
  /** What payouts paid (net of what they settled). */
  paidCommissions: string;
  totalProfitBonuses: string;
  /** Percent off all purchases (spec §9). */
  membershipDiscount: number;
  /** Member Savings: the sum of the member's discounts on paid orders (learnt from orders.order.paid). */
  memberSavings: string;
  /** Earnings applied to the member's own membership invoices (ADR 0062), also shown under Member Savings. */
  membershipCredit: string;
}

/** What a member gets off a store purchase now: MEMBER_DISCOUNT_PERCENT while the subscription is active, else 0. */
export interface MemberDiscount {
  percent: number;
}

export interface MemberPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * A join as the gateway answers it (ADR 0038): `signIn` is signed_in, link_sent (the email carries another account:
 * check the inbox) or none (a repeat, or another browser). `sessionUserId`: the user the gateway starts a session
 * for now (a new member account), else null.
 */
export interface CompletedJoin {
  referralCode: string;
  created: boolean;
  signIn: 'signed_in' | 'link_sent' | 'none';
  sessionUserId: string | null;
}

/** `reversed`: a pending commission taken back; `netted`: a negative entry for a paid one (ADR 0016). */
export type MembershipWebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown_member' | 'reversed' | 'netted';
export interface MembershipWebhookResult {
  received: true;
  outcome: MembershipWebhookOutcome;
}

/** A monthly payout run (admin): started by the schedule on the 15th or by hand, completed once. */
export interface PayoutRun {
  /** "YYYY-MM". */
  month: string;
  status: 'running' | 'completed';
  /** "YYYY-MM-15". */
  payoutDate: string;
  startedAt: string;
  completedAt: string | null;
  /** Members paid so far (all of them once completed). */
  memberCount: number;
  /** Two decimals. */
  total: string;
  /** Where the run's payouts stand now (ADR 0048): transferred, still to transfer, held by reason, failed at Stripe. */
  outcomes: PayoutRunOutcomes;
}

/** Counts of a run's payouts by transfer state; `failed` is a payout held because Stripe refused or did not answer. */
export interface PayoutRunOutcomes {
  paid: number;
  scheduled: number;
  held: Record<Exclude<PayoutHeldReason, 'transfer_failed'>, number>;
  failed: number;
}

/** Answer of the admin's start: the run as it is now (a new or resumed run is being worked on by the payouts queue). */
export interface PayoutRunStart {
  run: PayoutRun | null;
  /** True when this call queued the run (or its resumption); false when it was already completed. */
  queued: boolean;
}

/** One line of a run's CSV. */
export interface PayoutRow {
  payoutId: string;
  memberId: string;
  firstName: string;
  lastName: string;
  email: string;
  amount: string;
  payoutDate: string;
  commissions: number;
  /** Whether the money moved (ADR 0048): paid with its Stripe transfer, or held with a reason, or still scheduled. */
  status: PayoutStatus;
  heldReason: PayoutHeldReason | null;
  /** What Stripe said when a transfer failed (`transfer_failed`), as it said it. */
  heldDetail: string | null;
  transferId: string | null;
  /** How it was paid (or is being paid): null while nothing was asked of Stripe; the balance transaction of a credit. */
  method: PayoutMethod | null;
  creditId: string | null;
}

/** How a payout reaches the member (ADR 0062): a Stripe transfer, or credit on their customer balance. */
export type PayoutMethod = 'transfer' | 'membership_credit';

/** A payout's transfer state and why one is held (ADR 0048). */
export type PayoutStatus = 'scheduled' | 'paid' | 'held';
export type PayoutHeldReason = 'no_account' | 'below_minimum' | 'restricted' | 'transfer_failed';
/** A member's Stripe Connect account as membership knows it: none yet, being onboarded, active, or restricted. */
export interface MemberPayoutAccount {
  status: 'none' | 'onboarding' | 'active' | 'restricted';
  /** Where the member's earnings go (ADR 0062): transfers to their bank, or credit on their own $5 invoices. */
  method: PayoutMethod;
  /** What Stripe still needs from the member (requirements.currently_due). */
  currentlyDue: string[];
}
/** Where the member's browser goes to set up payouts (a Stripe account link, valid a few minutes, opened once). */
export interface PayoutOnboardingLink {
  url: string;
}
/** An admin's retry of one held payout, at once: what became of it. */
export interface PayoutRetry {
  payoutId: string;
  outcome: 'paid' | PayoutHeldReason | 'skipped';
}

/**
 * A member's earnings of one calendar year (ADR 0061): every payout and profit bonus paid in it, when and how, with the
 * total and whether it reaches the year's 1099-NEC reporting threshold.
 */
export interface EarningsStatement {
  /** "YYYY". */
  year: string;
  member: { memberId: string; firstName: string; lastName: string; email: string };
  lines: EarningsLine[];
  /** Two decimals: what the member was paid in the year. */
  total: string;
  /** Two decimals: the year's threshold from configuration, and the year of the table row it came from. */
  threshold: string;
  thresholdFrom: string;
  /** `total` is at or above `threshold`: the payer files a 1099-NEC for this member. */
  reportable: boolean;
}

/** One payment of a statement: a monthly payout (with its Stripe transfer) or a half-year's profit bonus. */
export interface EarningsLine {
  kind: 'payout' | 'profit_bonus';
  id: string;
  /** The payout month ("YYYY-MM") or the bonus period ("YYYY-H1"). */
  period: string;
  /** "YYYY-MM-DD": when it was paid. */
  paidOn: string;
  /** Two decimals: what reached the member. */
  amount: string;
  /** The Stripe transfer of a payout (none for a bonus or a payout settled by hand before transfers). */
  transferId: string | null;
  /** A payout applied to the member's own membership invoices instead (ADR 0062). */
  paidAs: PayoutMethod | null;
}

/** One member's line of the admin's yearly export. */
export interface EarningsYearRow {
  memberId: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Two decimals each. */
  payouts: string;
  profitBonuses: string;
  total: string;
  reportable: boolean;
}

/** A half-year's profit bonus run (admin, ADR 0018): started on 15 January or 15 July, or by hand; completed once. */
export interface ProfitBonusPeriod {
  /** "YYYY-H1" (January–June) or "YYYY-H2" (July–December). */
  period: string;
  status: 'running' | 'completed';
  /** The 15th of July (H1) or of the next January (H2), "YYYY-MM-DD". */
  payoutDate: string;
  /** The share of the revenue shared out, in basis points (200 = 2 %). */
  shareBps: number;
  /** Paid store revenue of the half-year, two decimals (null while running). */
  revenue: string | null;
  /** What was shared out: revenue × share, rounded down to the cent (null while running). */
  pool: string | null;
  memberCount: number;
  /** Two decimals: the sum of the bonuses (the pool, unless nobody qualified). */
  total: string;
  startedAt: string;
  completedAt: string | null;
}

/** The newest half-year whose payout day has come, decided by the server in its payout time zone (ADR 0018). */
export interface ProfitBonusPeriodDue {
  /** "YYYY-H1" or "YYYY-H2": the period a start now accepts, and the latest one that can be. */
  period: string;
}

export interface ProfitBonusPeriodStart {
  period: ProfitBonusPeriod | null;
  /** True when this call queued the run; false when the period was already completed. */
  queued: boolean;
}

/** A line of the admin's members list (ADR 0016): money as two-decimal strings from the ledger, as the member sees it. */
export interface AdminMember {
  memberId: string;
  firstName: string;
  lastName: string;
  email: string;
  subscriptionStatus: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  /** Why the member cancelled, when they said (the cancel dialog's list and note). */
  cancelReason: string | null;
  cancelComment: string | null;
  memberSince: string;
  referrals: number;
  /** Pending Earnings: pending commissions less refunds and disputes not yet netted, never below 0.00. */
  pending: string;
  /** What payouts and profit bonuses have paid. */
  paid: string;
}

/** Why a commission was held for review (ADR 0028). */
export type HoldReason = 'same_card_as_referrer' | 'same_card_as_referred_member' | 'same_email_as_referrer';

/** A commission held for review (admin's Marketshare tab): who referred whom, and why it looks like self-referral. */
export interface HeldCommission {
  commissionId: string;
  amount: string;
  /** "YYYY-MM": the month whose payout run would have paid it. */
  payoutMonth: string;
  reason: HoldReason;
  heldAt: string;
  referrer: { memberId: string; firstName: string; lastName: string; email: string };
  referred: { memberId: string; firstName: string; lastName: string; email: string; memberSince: string; subscriptionStatus: SubscriptionStatus };
}

/** An admin's decision on a held commission: approved ones are pending (paid by the next run), reversed ones never paid. */
export interface HeldCommissionReview {
  commissionId: string;
  decision: 'approved' | 'reversed';
  status: 'pending' | 'paid' | 'reversed';
  /** The 15th that pays an approved commission; null when reversed. */
  payoutDate: string | null;
  reviewedAt: string;
}

/** The card a membership is charged to (its brand, last four digits and expiry), or none on file. */
export interface MemberCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * The member's billing (ADR 0059): the card on file and, while a renewal is unpaid (`past_due`), when the grace
 * period ends: the membership is cancelled then unless the card is updated and the invoice paid.
 */
export interface MemberBilling {
  card: MemberCard | null;
  subscriptionStatus: SubscriptionStatus;
  graceEndsAt: string | null;
  /** The paid period's end: with cancelAtPeriodEnd, the date the membership ends. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/** A SetupIntent's client secret for the Payment Element to save a new card with. */
export interface CardSetup {
  clientSecret: string;
}

/** One of the member's invoices as their list shows it; amounts are two-decimal strings. */
export interface MemberInvoice {
  id: string;
  number: string | null;
  date: string;
  amount: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
}

/** A printable receipt of one invoice. */
export interface MemberInvoiceReceipt extends MemberInvoice {
  paidAt: string | null;
  periodStart: string;
  periodEnd: string;
  description: string;
  card: { brand: string; last4: string } | null;
  customerName: string;
  customerEmail: string;
}

/** Lower-case addresses of members in good standing (active, trialing or past due); `next` is the `after` of the next page. */
export interface MemberEmailsPage {
  emails: string[];
  next: string | null;
}
