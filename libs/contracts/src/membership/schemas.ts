import { z } from 'zod';
import { CANCEL_REASONS } from '../vocabulary/membership';

/** Referral codes: 8 Crockford base32 characters (no I, L, O, U), so a code read aloud or retyped is unambiguous. */
export const REFERRAL_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{8}$/;
/** The membership's price in cents (spec §9: $5.00 per month). */
export const MEMBERSHIP_PRICE_CENTS = 500;

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** An optional text field where the browser sends "" (or null) for "not given". */
const optionalText = (field: string, max: number) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z
      .string({ error: `${field} must be text` })
      .trim()
      .max(max, `${field} must be at most ${max} characters`)
      .optional(),
  );

const email = z
  .string({ error: 'email is required' })
  .trim()
  .max(254, 'email must be at most 254 characters')
  .pipe(z.email({ error: 'email must be a valid email address' }))
  .transform((e) => e.toLowerCase());

/** Any case, spaces and dashes are forgiven; O reads as 0, I and L as 1 (Crockford). */
export const normalizeReferralCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');

const referralCode = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? normalizeReferralCode(v) : v),
  z
    .string({ error: 'referralCode must be text' })
    .regex(REFERRAL_CODE_PATTERN, 'referralCode is not a valid referral code (8 letters and digits, e.g. 7Q2M9XKD)')
    .optional(),
);

/** Spec §3 Membership signup / §5: firstName, lastName, email required; phone and referral code optional. */
export const membershipSignupSchema = z.object({
  firstName: requiredText('firstName', 100),
  lastName: requiredText('lastName', 100),
  email,
  phone: optionalText('phone', 40),
  referralCode,
});
export type MembershipSignup = z.infer<typeof membershipSignupSchema>;

/** POST /api/memberships: the form plus the ids the payment step answered. */
export const createMembershipSchema = membershipSignupSchema.extend({
  subscriptionId: z.string({ error: 'subscriptionId is required' }).regex(/^sub_\w{1,100}$/, 'subscriptionId must be a Stripe subscription id (sub_…)'),
  customerId: z.string({ error: 'customerId is required' }).regex(/^cus_\w{1,100}$/, 'customerId must be a Stripe customer id (cus_…)'),
});
export type CreateMembershipRequest = z.infer<typeof createMembershipSchema>;

/**
 * Over the bus, each step carries the SHA-256 of the browser's signup cookie (ADR 0026): the payment step belongs to
 * that browser, and only it is signed in when the join completes. A join without it (a repeat from elsewhere, the
 * completion job) still makes the member but signs nobody in.
 */
const browserKey = z.string().regex(/^[0-9a-f]{64}$/, 'browserKey must be a SHA-256 hex digest');
export const membershipPaymentRequestSchema = membershipSignupSchema.extend({ browserKey });
export const joinRequestSchema = createMembershipSchema.extend({ browserKey: browserKey.optional() });
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/**
 * The gateway's join: the join, then (once, for the browser that paid) the member's account and sign-in, which
 * membership settles with identity (ADR 0038). `signedInUserId` is the caller's session user, if any.
 */
export const joinAndSignInSchema = joinRequestSchema.extend({ signedInUserId: z.uuid().optional() });

export const memberIdSchema = z.object({ memberId: z.uuid() });

/** A page of member addresses after `after` (exclusive), in address order (ADR 0058). */
export const memberEmailsSchema = z.object({
  after: z.string().max(320).optional(),
  limit: z.number().int().min(1).max(5000).default(5000),
});

/** Member lists are pages (ADR 0011): 50 by default, at most 100. */
export const memberListSchema = z.object({
  memberId: z.uuid(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a whole number from 1 to 100' })
    .int('pageSize must be a whole number from 1 to 100')
    .min(1, 'pageSize must be a whole number from 1 to 100')
    .max(100, 'pageSize must be a whole number from 1 to 100')
    .default(50),
});

/** Admin's members list: a page (ADR 0011), 50 by default, at most 100. */
export const adminMemberListSchema = memberListSchema.omit({ memberId: true });

export const EMAIL_CHANGE_MESSAGE = 'Your email address cannot be changed here. Please contact support to change it.';

/** PUT /api/membership/profile: first name, last name and phone only (spec §6); the email is refused with a pointer to support. */
export const updateProfileSchema = z
  .object({
    firstName: requiredText('firstName', 100),
    lastName: requiredText('lastName', 100),
    phone: optionalText('phone', 40),
    email: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.email !== undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: EMAIL_CHANGE_MESSAGE });
  })
  .transform(({ firstName, lastName, phone }) => ({ firstName, lastName, phone }));
export type UpdateProfileRequest = z.infer<typeof updateProfileSchema>;

export const updateProfileMessageSchema = z.object({ memberId: z.uuid(), profile: updateProfileSchema });

export const membershipWebhookSchema = z.object({
  /** The raw request body, base64, exactly as Stripe sent it. */
  payload: z.string().min(1).max(1_000_000),
  signature: z.string().max(2000),
});

/** A member sign-in link asked for by address (ADR 0038). */
export const memberLinkEmailSchema = z.object({ email });

/** A payout month, "YYYY-MM" (its run pays on the 15th). */
export const payoutMonthSchema = z.object({
  month: z
    .string({ error: 'month is required, as YYYY-MM (e.g. 2026-11)' })
    .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'month must be a month as YYYY-MM, e.g. 2026-11'),
});
export type PayoutMonthRequest = z.infer<typeof payoutMonthSchema>;

/** A profit bonus period, "YYYY-H1" (January–June, paid 15 July) or "YYYY-H2" (July–December, paid 15 January). */
export const bonusPeriodSchema = z.object({
  period: z
    .string({ error: 'period is required, as YYYY-H1 or YYYY-H2 (e.g. 2026-H2)' })
    .regex(/^[0-9]{4}-H[12]$/, 'period must be a half-year as YYYY-H1 (January to June) or YYYY-H2 (July to December), e.g. 2026-H2'),
});
export type BonusPeriodRequest = z.infer<typeof bonusPeriodSchema>;

/** One payout, by id (an admin's retry of a held payout). */
export const payoutIdSchema = z.object({ payoutId: z.uuid('payoutId must be a payout id (a UUID)') });

/** One page of a run's payouts (the CSV export, the admin's run view), in payout id order after `after`. */
export const payoutRowsSchema = payoutMonthSchema.extend({
  after: z.uuid('after must be the payout id the previous page ended with (a UUID)').optional(),
  limit: z.number().int().min(1).max(5000).default(5000),
});

/** PUT /api/membership/payout-method: where the member's earnings go (ADR 0062). */
export const payoutMethodSchema = z.object({
  method: z.enum(['transfer', 'membership_credit'], { error: 'method must be transfer (to your bank) or membership_credit (off your $5 invoices)' }),
});
export type PayoutMethodRequest = z.infer<typeof payoutMethodSchema>;
export const payoutMethodMessageSchema = payoutMethodSchema.extend({ memberId: z.uuid() });

/** A calendar year of earnings (ADR 0061), "YYYY": from 2020 (before Marketshare paid anyone) to 2099. */
export const earningsYearSchema = z.object({
  year: z
    .string({ error: 'year is required, as YYYY (e.g. 2026)' })
    .regex(/^20[2-9][0-9]$/, 'year must be a calendar year written YYYY between 2020 and 2099, e.g. 2026'),
});

/** A member's earnings statement of one calendar year (the member's own, or any member's for an admin). */
export const earningsStatementSchema = earningsYearSchema.extend({
  memberId: z.uuid('memberId must be a member id (a UUID)'),
});

/** One page of a year's earnings per member (the admin's 1099-NEC export), in member id order after `after`. */
export const earningsYearRowsSchema = earningsYearSchema.extend({
  after: z.uuid('after must be the member id the previous page ended with (a UUID)').optional(),
  limit: z.number().int().min(1).max(5000).default(5000),
});

/** Admin's review of a held commission (ADR 0028): approve (it becomes pending) or reverse (never paid). */
export const heldCommissionReviewSchema = z.object({
  commissionId: z.uuid({ error: 'commissionId must be the id of a held commission (a UUID), as the held commissions list shows it' }),
  decision: z.enum(['approve', 'reverse'], { error: 'decision must be approve or reverse' }),
});

export { CANCEL_REASONS, type CancelReason } from '../vocabulary/membership';

/** POST /api/membership/cancel: an optional reason from the list, an optional note of up to 500 characters. */
export const cancelMembershipSchema = z
  .object({
    reason: z.enum(CANCEL_REASONS, { error: `reason must be one of: ${CANCEL_REASONS.join(', ')}` }).optional(),
    comment: z
      .string({ error: 'comment must be text' })
      .trim()
      .max(500, 'comment must be at most 500 characters')
      .optional()
      .transform((v) => v || undefined),
  })
  .strict();
export type CancelMembershipRequest = z.input<typeof cancelMembershipSchema>;
export const cancelMembershipMessageSchema = memberIdSchema.extend({ cancellation: cancelMembershipSchema.default({ comment: undefined }) });

/** POST /api/membership/billing/card: the SetupIntent the browser confirmed with the new card. */
export const useCardSchema = z
  .object({ setupIntentId: z.string().regex(/^seti_\w{1,100}$/, 'setupIntentId must be the id of the setup the card was saved with') })
  .strict();
export const useCardMessageSchema = memberIdSchema.extend(useCardSchema.shape);

/** A member's own invoice: its Stripe id, read only when it is the member's (anyone else's answers 404). */
export const memberInvoiceSchema = memberIdSchema.extend({
  invoiceId: z.string().regex(/^in_\w{1,100}$/, 'invoiceId must be an invoice id such as in_…'),
});
