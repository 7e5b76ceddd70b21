import type { z } from 'zod';
import type {
  adminMemberListSchema,
  bonusPeriodSchema,
  joinRequestSchema,
  membershipPaymentRequestSchema,
  joinAndSignInSchema,
  memberLinkEmailSchema,
  heldCommissionReviewSchema,
  memberEmailsSchema,
  memberIdSchema,
  payoutIdSchema,
  memberListSchema,
  membershipWebhookSchema,
  payoutMonthSchema,
  payoutRowsSchema,
  updateProfileMessageSchema,
} from './schemas';
import type {
  AdminMember,
  CompletedJoin,
  HeldCommission,
  HeldCommissionReview,
  JoinedMember,
  MemberCommission,
  MemberDiscount,
  MemberPage,
  MemberProfile,
  MemberProfitBonus,
  MemberReferral,
  MembershipPayment,
  MembershipWebhookResult,
  MemberStats,
  PayoutRow,
  PayoutRetry,
  MemberPayoutAccount,
  PayoutOnboardingLink,
  PayoutRun,
  PayoutRunStart,
  ProfitBonusPeriod,
  ProfitBonusPeriodDue,
  ProfitBonusPeriodStart,
  MemberEmailsPage,
} from './types';

/**
 * Request/reply subjects of the membership service (payloads in ./schemas, results in ./types).
 * - createPayment: the signup form → MembershipPayment (an incomplete $5.00/month subscription to confirm in the browser)
 * - join: form + subscriptionId + customerId → JoinedMember (only for a paid first invoice of our subscription)
 * - joinAndSignIn: the gateway's join, with the member's account and sign-in settled with identity (ADR 0038)
 * - profile/referrals/commissions/profitBonuses/stats: a member's reads (the gateway checks the session's member)
 * - updateProfile, cancel, resume: a member's changes
 * - handleStripeWebhook: membership's own signed Stripe endpoint
 * - sendMemberLink: a member sign-in link by address; membership asks identity to make and mail it (ADR 0038)
 * - discount: for orders pricing a member's cart
 */
export const MembershipSubjects = {
  createPayment: 'membership.payments.create',
  join: 'membership.members.join',
  joinAndSignIn: 'membership.members.join-and-sign-in',
  profile: 'membership.members.profile',
  updateProfile: 'membership.members.update-profile',
  referrals: 'membership.referrals.list',
  commissions: 'membership.commissions.list',
  profitBonuses: 'membership.profit-bonuses.list',
  stats: 'membership.members.stats',
  cancel: 'membership.members.cancel',
  resume: 'membership.members.resume',
  sendMemberLink: 'membership.member-links.send',
  handleStripeWebhook: 'membership.stripe-webhooks.handle',
  /** For orders pricing a cart: the member's discount percent now (0 unless the subscription is active). */
  discount: 'membership.members.discount',
  /** Admin: start or resume a month's payout run (idempotent), list runs, and page a run's payouts for the CSV. */
  startPayoutRun: 'membership.payout-runs.start',
  listPayoutRuns: 'membership.payout-runs.list',
  payoutRows: 'membership.payout-runs.rows',
  /** A member's payout account (ADR 0048): its state, and the link that sets it up (the account is made once). */
  payoutAccount: 'membership.payout-accounts.get',
  payoutOnboarding: 'membership.payout-accounts.onboard',
  /** Admin: transfer one held payout now (ADR 0048). */
  retryPayout: 'membership.payouts.retry',
  /**
   * Admin: start or resume a half-year's profit bonus run (idempotent), list the periods, and the newest period whose
   * payout day has come in the payout time zone (ADR 0018), so the admin's default is the one the start accepts.
   */
  startProfitBonusPeriod: 'membership.profit-bonus-periods.start',
  listProfitBonusPeriods: 'membership.profit-bonus-periods.list',
  dueProfitBonusPeriod: 'membership.profit-bonus-periods.due',
  /** Admin: the members with status, referrals, pending and paid totals (a page, newest first). */
  listMembers: 'membership.admin-members.list',
  /** Admin: commissions held for review (ADR 0028), oldest first, and the decision on one (approve or reverse). */
  listHeldCommissions: 'membership.held-commissions.list',
  reviewHeldCommission: 'membership.held-commissions.review',
  /** For forms: the addresses of members in good standing, a page at a time in address order (ADR 0058). */
  memberEmails: 'membership.members.emails',
} as const;

/** What each membership subject takes and answers; `RpcClient.send` reads its types from here. */
export interface MembershipSubjectMap {
  [MembershipSubjects.createPayment]: { payload: z.input<typeof membershipPaymentRequestSchema>; result: MembershipPayment };
  [MembershipSubjects.join]: { payload: z.input<typeof joinRequestSchema>; result: JoinedMember };
  [MembershipSubjects.joinAndSignIn]: { payload: z.input<typeof joinAndSignInSchema>; result: CompletedJoin };
  [MembershipSubjects.profile]: { payload: z.input<typeof memberIdSchema>; result: MemberProfile };
  [MembershipSubjects.updateProfile]: { payload: z.input<typeof updateProfileMessageSchema>; result: MemberProfile };
  [MembershipSubjects.referrals]: { payload: z.input<typeof memberListSchema>; result: MemberPage<MemberReferral> };
  [MembershipSubjects.commissions]: { payload: z.input<typeof memberListSchema>; result: MemberPage<MemberCommission> };
  [MembershipSubjects.profitBonuses]: { payload: z.input<typeof memberListSchema>; result: MemberPage<MemberProfitBonus> };
  [MembershipSubjects.stats]: { payload: z.input<typeof memberIdSchema>; result: MemberStats };
  [MembershipSubjects.cancel]: { payload: z.input<typeof memberIdSchema>; result: MemberProfile };
  [MembershipSubjects.resume]: { payload: z.input<typeof memberIdSchema>; result: MemberProfile };
  [MembershipSubjects.sendMemberLink]: { payload: z.input<typeof memberLinkEmailSchema>; result: { accepted: true } };
  [MembershipSubjects.handleStripeWebhook]: { payload: z.input<typeof membershipWebhookSchema>; result: MembershipWebhookResult };
  [MembershipSubjects.discount]: { payload: z.input<typeof memberIdSchema>; result: MemberDiscount };
  [MembershipSubjects.memberEmails]: { payload: z.input<typeof memberEmailsSchema>; result: MemberEmailsPage };
  [MembershipSubjects.startPayoutRun]: { payload: z.input<typeof payoutMonthSchema>; result: PayoutRunStart };
  [MembershipSubjects.listPayoutRuns]: { payload: Record<string, never>; result: { items: PayoutRun[] } };
  [MembershipSubjects.payoutRows]: { payload: z.input<typeof payoutRowsSchema>; result: { items: PayoutRow[] } };
  [MembershipSubjects.payoutAccount]: { payload: z.input<typeof memberIdSchema>; result: MemberPayoutAccount };
  [MembershipSubjects.payoutOnboarding]: { payload: z.input<typeof memberIdSchema>; result: PayoutOnboardingLink };
  [MembershipSubjects.retryPayout]: { payload: z.input<typeof payoutIdSchema>; result: PayoutRetry };
  [MembershipSubjects.startProfitBonusPeriod]: { payload: z.input<typeof bonusPeriodSchema>; result: ProfitBonusPeriodStart };
  [MembershipSubjects.listProfitBonusPeriods]: { payload: Record<string, never>; result: { items: ProfitBonusPeriod[] } };
  [MembershipSubjects.dueProfitBonusPeriod]: { payload: Record<string, never>; result: ProfitBonusPeriodDue };
  [MembershipSubjects.listMembers]: { payload: z.input<typeof adminMemberListSchema>; result: MemberPage<AdminMember> };
  [MembershipSubjects.listHeldCommissions]: { payload: z.input<typeof adminMemberListSchema>; result: MemberPage<HeldCommission> };
  [MembershipSubjects.reviewHeldCommission]: { payload: z.input<typeof heldCommissionReviewSchema>; result: HeldCommissionReview };
}
