import type { z } from 'zod';
import type {
  adminMemberListSchema,
  bonusPeriodSchema,
  cancelMembershipMessageSchema,
  memberInvoiceSchema,
  useCardMessageSchema,
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
  earningsStatementSchema,
  earningsYearRowsSchema,
  payoutMethodMessageSchema,
} from './schemas';
import type {
  AdminMember,
  CardSetup,
  MemberBilling,
  MemberInvoice,
  MemberInvoiceReceipt,
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
  EarningsStatement,
  EarningsYearRow,
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
  /** Where the member's earnings go (ADR 0062): transfers, or credit on their own membership invoices. */
  setPayoutMethod: 'membership.payout-accounts.set-method',
  /** Admin: transfer one held payout now (ADR 0048). */
  retryPayout: 'membership.payouts.retry',
  /**
   * A member's earnings of a calendar year (ADR 0061): the member's own statement, or any member's for an admin; and
   * the admin's yearly export, a page of members with their totals, flagged at the year's 1099-NEC threshold.
   */
  earningsStatement: 'membership.earnings.statement',
  earningsYearRows: 'membership.earnings.year-rows',
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
  /**
   * A member's billing (ADR 0059): the card on file and grace period; a SetupIntent to save a new card with; that card
   * made the subscription's default (and an unpaid invoice paid with it); the member's invoices and one receipt.
   */
  billing: 'membership.billing.get',
  setupCard: 'membership.billing.setup-card',
  useCard: 'membership.billing.use-card',
  invoices: 'membership.invoices.list',
  invoice: 'membership.invoices.get',
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
  [MembershipSubjects.cancel]: { payload: z.input<typeof cancelMembershipMessageSchema>; result: MemberProfile };
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
  [MembershipSubjects.setPayoutMethod]: { payload: z.input<typeof payoutMethodMessageSchema>; result: MemberPayoutAccount };
  [MembershipSubjects.retryPayout]: { payload: z.input<typeof payoutIdSchema>; result: PayoutRetry };
  [MembershipSubjects.earningsStatement]: { payload: z.input<typeof earningsStatementSchema>; result: EarningsStatement };
  [MembershipSubjects.earningsYearRows]: { payload: z.input<typeof earningsYearRowsSchema>; result: { items: EarningsYearRow[] } };
  [MembershipSubjects.startProfitBonusPeriod]: { payload: z.input<typeof bonusPeriodSchema>; result: ProfitBonusPeriodStart };
  [MembershipSubjects.listProfitBonusPeriods]: { payload: Record<string, never>; result: { items: ProfitBonusPeriod[] } };
  [MembershipSubjects.dueProfitBonusPeriod]: { payload: Record<string, never>; result: ProfitBonusPeriodDue };
  [MembershipSubjects.listMembers]: { payload: z.input<typeof adminMemberListSchema>; result: MemberPage<AdminMember> };
  [MembershipSubjects.listHeldCommissions]: { payload: z.input<typeof adminMemberListSchema>; result: MemberPage<HeldCommission> };
  [MembershipSubjects.reviewHeldCommission]: { payload: z.input<typeof heldCommissionReviewSchema>; result: HeldCommissionReview };
  [MembershipSubjects.billing]: { payload: z.input<typeof memberIdSchema>; result: MemberBilling };
  [MembershipSubjects.setupCard]: { payload: z.input<typeof memberIdSchema>; result: CardSetup };
  [MembershipSubjects.useCard]: { payload: z.input<typeof useCardMessageSchema>; result: MemberBilling };
  [MembershipSubjects.invoices]: { payload: z.input<typeof memberIdSchema>; result: { items: MemberInvoice[] } };
  [MembershipSubjects.invoice]: { payload: z.input<typeof memberInvoiceSchema>; result: MemberInvoiceReceipt };
}
