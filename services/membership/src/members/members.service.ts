import {
  MembershipEvents,
  type CancelMembershipRequest,
  type CreateMembershipRequest,
  type JoinedMember,
  type JoinRequest,
  type MembershipPayment,
  type MembershipSignup,
  type MemberProfile,
  type UpdateProfileRequest,
} from '@km/contracts/membership';
import { REFERRAL_COMMISSION, type SubscriptionStatus } from '@km/contracts/vocabulary';
import { commitWithEvents, ConflictError, invalidFields, NotFoundError, OutboxRelayRunner } from '@km/nest-kit';
import { idempotencyKey, STRIPE, stripeFailure } from '@km/nest-kit/stripe';
import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { MembershipPrice } from '../subscriptions/membership-price';
import { REVERSAL_EVENTS, SIGNUP_METADATA, SOURCE, SOURCE_KEY } from '../subscriptions/stripe-metadata';
import { lockEmail, lockSubscription } from '../subscriptions/subscription-locks';
import { subscriptionState } from '../subscriptions/subscription-period';
import { payoutMonthFor } from '../time/calendar';
import { MembersRepository, type MemberRow } from './members.repository';
import { newReferralCode } from './referral-code';
import { reviewJoin } from '../referrals/referral-review';

/** The cancel dialog's reasons as Stripe's cancellation_details.feedback reads them ('' leaves it unset). */
const STRIPE_FEEDBACK: Record<string, Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback | ''> = {
  too_expensive: 'too_expensive',
  not_using_it: 'unused',
  no_referrals: 'other',
  payment_trouble: 'other',
  other: 'other',
};

/** Statuses in which someone still is a member: a new signup for the email is refused, cancel/resume are allowed. */
export const LIVE_STATUSES: SubscriptionStatus[] = ['active', 'past_due', 'trialing', 'unpaid', 'paused'];

const UNKNOWN_CODE = 'referralCode does not match any member. Check the code, or leave it empty.';
const OWN_CODE = 'referralCode is your own referral code; a member cannot refer themself.';
const ALREADY_MEMBER = 'This email address already has an active Marketshare membership. Sign in from the member dashboard instead.';

/** The form on the subscription's metadata (Stripe metadata values are text; absent fields are left out). */
const signupMetadata = (form: MembershipSignup): Record<string, string> => ({
  [SIGNUP_METADATA.firstName]: form.firstName,
  [SIGNUP_METADATA.lastName]: form.lastName,
  ...(form.phone ? { [SIGNUP_METADATA.phone]: form.phone } : {}),
  ...(form.referralCode ? { [SIGNUP_METADATA.referralCode]: form.referralCode } : {}),
});

@Injectable()
export class MembersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MembersRepository,
    private readonly outbox: OutboxRelayRunner,
    private readonly price: MembershipPrice,
    @Inject(STRIPE) private readonly stripe: Stripe,
  ) {}

  /**
   * The payment step: a Stripe customer per email (reused on every try) and an incomplete $5.00/month subscription
   * whose first invoice the browser pays. It belongs to the browser that asked (ADR 0026): that browser's open one is
   * answered again instead of a second; another browser's is never answered, changed or even mentioned.
   */
  async createPayment(form: MembershipSignup, browserKey: string): Promise<MembershipPayment> {
    await this.checkSignup(this.dataSource.manager, form, null);
    const priceId = await this.price.id().catch((e: unknown) => Promise.reject(stripeFailure(e)));
    return this.dataSource.transaction(async (manager) => {
      // One payment step per email at a time: two tabs must not make two customers or two subscriptions.
      await lockEmail(manager, form.email);
      await manager.query(`INSERT INTO signups (email) VALUES ($1) ON CONFLICT (email) DO NOTHING`, [form.email]);
      const [signup] = (await manager.query(`SELECT stripe_customer_id, attempts FROM signups WHERE email = $1`, [form.email])) as {
        stripe_customer_id: string | null;
        attempts: number;
      }[];
      const [mine] = (await manager.query(
        `SELECT subscription_id FROM signup_attempts WHERE email = $1 AND browser_key_hash = $2 ORDER BY created_at DESC LIMIT 1`,
        [form.email, browserKey],
      )) as { subscription_id: string }[];
      try {
        let customerId = signup.stripe_customer_id;
        if (!customerId) {
          const customerParams: Stripe.CustomerCreateParams = {
            email: form.email,
            name: `${form.firstName} ${form.lastName}`,
            ...(form.phone ? { phone: form.phone } : {}),
            metadata: { [SOURCE_KEY]: SOURCE },
          };
          // The parameters in the key: a retry after a rolled-back save repeats the same customer, and a form changed
          // since (another name) is a new request rather than a key Stripe refuses for its other parameters.
          const customer = await this.stripe.customers.create(customerParams, { idempotencyKey: idempotencyKey('km-membership-customer', customerParams) });
          customerId = customer.id;
          await manager.query(`UPDATE signups SET stripe_customer_id = $2, updated_at = now() WHERE email = $1`, [form.email, customerId]);
        }
        if (mine) {
          const open = await this.stripe.subscriptions.retrieve(mine.subscription_id, { expand: ['latest_invoice.confirmation_secret'] });
          const secret = (open.latest_invoice as Stripe.Invoice | null)?.confirmation_secret?.client_secret;
          if (open.status === 'incomplete' && secret) {
            // The form may have changed since this browser's earlier try: the subscription keeps the one that will be paid.
            await this.stripe.subscriptions.update(open.id, {
              metadata: { ...signupMetadata(form), [SIGNUP_METADATA.phone]: form.phone ?? '', [SIGNUP_METADATA.referralCode]: form.referralCode ?? '' },
            });
            return { clientSecret: secret, subscriptionId: open.id, customerId };
          }
          // Paid, but this browser never finished joining (lost connection): never a second subscription.
          if (['active', 'past_due', 'trialing'].includes(open.status))
            throw new ConflictError(
              'signup_paid',
              'Your payment for this membership has already gone through, so you will not be charged again. Finishing your membership now.',
              { subscriptionId: open.id, customerId },
            );
        }
        const attempt = signup.attempts + 1;
        const subscriptionParams: Stripe.SubscriptionCreateParams = {
          customer: customerId,
          items: [{ price: priceId }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: { [SOURCE_KEY]: SOURCE, ...signupMetadata(form) },
          // API 2025-03-31.basil and later (stripe@23 pins 2026-10-28): the invoice's secret, not invoice.payment_intent.
          expand: ['latest_invoice.confirmation_secret'],
        };
        const sub = await this.stripe.subscriptions.create(subscriptionParams, {
          idempotencyKey: idempotencyKey(`km-membership-subscription-${customerId}-${attempt}`, subscriptionParams),
        });
        await manager.query(`UPDATE signups SET attempts = $2, updated_at = now() WHERE email = $1`, [form.email, attempt]);
        await manager.query(`INSERT INTO signup_attempts (subscription_id, email, browser_key_hash) VALUES ($1, $2, $3)`, [sub.id, form.email, browserKey]);
        const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
        return { clientSecret: secret, subscriptionId: sub.id, customerId };
      } catch (error) {
        throw error instanceof ConflictError ? error : stripeFailure(error);
      }
    });
  }

  /**
   * Creates the member once the first invoice is paid, checked with Stripe (never the browser's word): the
   * subscription must be ours, on our price, belong to this customer, whose email is the form's. The names, phone and
   * referral code are the ones the payment step put on the subscription, not the caller's (whoever completes first
   * must not choose the referrer). A repeat answers the same member; a subscription that made another member is
   * refused. `sessionGranted` is true once, for the browser whose cookie started the payment step (ADR 0026).
   */
  async join(req: JoinRequest, options: { withoutReferral?: boolean } = {}): Promise<JoinedMember> {
    const { sub, paidAt } = await this.verifiedSubscription(req);
    const meta = sub.metadata ?? {};
    const form: CreateMembershipRequest = {
      ...req,
      firstName: meta[SIGNUP_METADATA.firstName] || req.firstName,
      lastName: meta[SIGNUP_METADATA.lastName] || req.lastName,
      phone: meta[SIGNUP_METADATA.phone] || undefined,
      referralCode: options.withoutReferral ? undefined : meta[SIGNUP_METADATA.referralCode] || undefined,
    };
    const { member, created, sessionGranted } = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
      // Same order everywhere (email, then subscription), so two joins never wait on each other in a circle.
      await lockEmail(manager, req.email);
      await lockSubscription(manager, sub.id);
      const grant = async () => {
        if (!req.browserKey) return false;
        const [, granted] = (await manager.query(
          `UPDATE signup_attempts SET session_issued_at = now() WHERE subscription_id = $1 AND browser_key_hash = $2 AND session_issued_at IS NULL RETURNING 1`,
          [sub.id, req.browserKey],
        )) as [unknown[], number];
        return granted === 1;
      };
      const existing = await this.repository.bySubscription(sub.id, manager);
      if (existing) {
        if (existing.email !== req.email)
          throw new ConflictError('subscription_used', 'This subscription already belongs to another membership. Please start a new signup.');
        return { member: existing, created: false, sessionGranted: await grant() };
      }
      const byEmail = await this.repository.byEmail(req.email, manager);
      if (byEmail && LIVE_STATUSES.includes(byEmail.subscription_status)) throw new ConflictError('already_member', ALREADY_MEMBER);
      // A code is checked on a rejoin too (never one's own), but only a first join earns the referrer a commission.
      const code = await this.checkSignup(manager, form, req.customerId);
      const referrer = byEmail ? null : code;

      let member: MemberRow;
      if (byEmail) {
        // A member whose membership ended joins again: same member, code and history, the new subscription.
        member = await this.repository.rejoin(manager, byEmail.id, form, subscriptionState(sub));
      } else {
        member = await this.insertMember(manager, form, sub);
      }
      let commissionId: string | null = null;
      if (referrer) {
        const [referral] = (await manager.query(`INSERT INTO referrals (referrer_id, referred_id) VALUES ($1, $2) RETURNING id`, [referrer.id, member.id])) as {
          id: string;
        }[];
        // Earned when the first invoice was paid (spec §3), so it is paid on the 15th of the month after that. A first
        // payment already refunded or disputed (its event came before this join, under the same subscription lock)
        // earns it reversed: never paid (ADR 0016).
        const payout = payoutMonthFor(paidAt);
        const [commission] = (await manager.query(
          `INSERT INTO commissions (member_id, referral_id, amount, payout_month, payout_date, earned_by_subscription_id, status, reversed_at)
           SELECT $1, $2, $3, $4, CASE WHEN taken_back THEN NULL ELSE $5::date END, $6,
                  CASE WHEN taken_back THEN 'reversed' ELSE 'pending' END, CASE WHEN taken_back THEN now() END
           FROM (SELECT EXISTS (SELECT 1 FROM stripe_events WHERE subscription_id = $6 AND type = ANY($7::text[])) AS taken_back) t
           RETURNING id`,
          [referrer.id, referral.id, REFERRAL_COMMISSION, payout.month, payout.date, sub.id, [...REVERSAL_EVENTS]],
        )) as { id: string }[];
        commissionId = commission.id;
      }
      // Keeps the card that paid and holds a commission that looks like self-referral for review (ADR 0028).
      await reviewJoin(manager, this.stripe, { memberId: member.id, subscriptionId: sub.id, referrerId: referrer?.id ?? null, commissionId });
      await record(MembershipEvents.memberJoined, { memberId: member.id, referrerId: referrer?.id ?? null, commissionId });
      return { member, created: true, sessionGranted: await grant() };
    });
    return { memberId: member.id, email: member.email, firstName: member.first_name, referralCode: member.referral_code, created, sessionGranted };
  }

  /** Checks the form against the members: not already a member, a code that exists and is not the person's own. */
  private async checkSignup(manager: EntityManager, form: MembershipSignup, customerId: string | null): Promise<MemberRow | null> {
    const byEmail = await this.repository.byEmail(form.email, manager);
    if (byEmail && LIVE_STATUSES.includes(byEmail.subscription_status)) throw new ConflictError('already_member', ALREADY_MEMBER);
    if (!form.referralCode) return null;
    const referrer = await this.repository.byReferralCode(form.referralCode, manager);
    if (!referrer) throw invalidFields([{ field: 'referralCode', message: UNKNOWN_CODE }]);
    if (referrer.email === form.email || (customerId && referrer.stripe_customer_id === customerId))
      throw invalidFields([{ field: 'referralCode', message: OWN_CODE }]);
    return referrer;
  }

  /** The verified subscription and when Stripe says its first invoice was paid (its clock: test clocks move it). */
  private async verifiedSubscription(req: CreateMembershipRequest): Promise<{ sub: Stripe.Subscription; paidAt: Date }> {
    const refuse = (message: string) => invalidFields([{ field: 'subscriptionId', message }]);
    let sub: Stripe.Subscription;
    let invoices: Stripe.Invoice[];
    try {
      sub = await this.stripe.subscriptions.retrieve(req.subscriptionId, { expand: ['customer'] });
      invoices = (await this.stripe.invoices.list({ subscription: sub.id, limit: 100 })).data;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        throw refuse('subscriptionId is not a Marketshare subscription. Please start the signup again.');
      throw stripeFailure(error);
    }
    const customer = sub.customer as Stripe.Customer | Stripe.DeletedCustomer;
    const ours = sub.metadata?.[SOURCE_KEY] === SOURCE;
    const priceId = await this.price.id().catch((e: unknown) => Promise.reject(stripeFailure(e)));
    if (!ours || !sub.items.data.every((item) => item.price.id === priceId))
      throw refuse('subscriptionId is not a Marketshare subscription. Please start the signup again.');
    if (customer.id !== req.customerId || customer.deleted || customer.email?.toLowerCase() !== req.email)
      throw refuse('subscriptionId does not belong to this customer and email. Please start the signup again.');
    const first = invoices.find((invoice) => invoice.billing_reason === 'subscription_create');
    if (first?.status !== 'paid')
      throw new ConflictError(
        'payment_incomplete',
        'The first payment for this membership has not gone through yet. Please complete the payment and try again.',
      );
    const paidAt = first.status_transitions?.paid_at;
    return { sub, paidAt: paidAt ? new Date(paidAt * 1000) : new Date() };
  }

  private async insertMember(manager: EntityManager, req: CreateMembershipRequest, sub: Stripe.Subscription): Promise<MemberRow> {
    // A code someone already has is skipped and another drawn, so a collision never fails the join.
    for (;;) {
      const row = await this.repository.insert(manager, req, subscriptionState(sub), newReferralCode());
      if (row) return row;
    }
  }

  async member(memberId: string, manager: EntityManager = this.dataSource.manager): Promise<MemberRow> {
    const row = await this.repository.byId(memberId, manager);
    if (!row) throw new NotFoundError('member', memberId);
    return row;
  }

  async profile(memberId: string): Promise<MemberProfile> {
    const m = await this.member(memberId);
    const totals = await this.repository.totals(memberId);
    return {
      firstName: m.first_name,
      lastName: m.last_name,
      email: m.email,
      phone: m.phone,
      referralCode: m.referral_code,
      memberSince: m.member_since.toISOString(),
      subscriptionStatus: m.subscription_status,
      currentPeriodEnd: m.current_period_end?.toISOString() ?? null,
      cancelAtPeriodEnd: m.cancel_at_period_end,
      graceEndsAt: m.subscription_status === 'past_due' ? (m.grace_ends_at?.toISOString() ?? null) : null,
      totalReferrals: totals.referrals,
      totalCommissions: totals.commissions,
    };
  }

  async updateProfile(memberId: string, profile: UpdateProfileRequest): Promise<MemberProfile> {
    if (!(await this.repository.updateProfile(memberId, profile))) throw new NotFoundError('member', memberId);
    return this.profile(memberId);
  }

  /**
   * Cancel at the period's end (spec §9 "cancel anytime"), with the member's optional reason, or take that back;
   * Stripe's answer is stored as is. The reason goes to Stripe's cancellation_details too, so it is seen there.
   */
  async setCancelAtPeriodEnd(memberId: string, cancel: boolean, cancellation: CancelMembershipRequest = {}): Promise<MemberProfile> {
    const m = await this.member(memberId);
    if (!LIVE_STATUSES.includes(m.subscription_status))
      throw new ConflictError('membership_not_active', 'This membership has already ended, so there is nothing to cancel or resume. You can join again.');
    const change: Stripe.SubscriptionUpdateParams = {
      cancel_at_period_end: cancel,
      cancellation_details: cancel
        ? { feedback: STRIPE_FEEDBACK[cancellation.reason ?? ''] ?? '', comment: cancellation.comment ?? '' }
        : { feedback: '', comment: '' },
    };
    // The member's version and the change itself in the key: a retry repeats the same change; a later change, or the
    // same one with another reason, is a new request (Stripe refuses one key with other parameters).
    let sub: Stripe.Subscription;
    try {
      sub = await this.stripe.subscriptions.update(m.stripe_subscription_id, change, {
        idempotencyKey: idempotencyKey(`km-membership-${cancel ? 'cancel' : 'resume'}-${m.stripe_subscription_id}-${m.updated_at.getTime()}`, change),
      });
    } catch (error) {
      throw stripeFailure(error);
    }
    await this.dataSource.transaction(async (manager) => {
      await lockSubscription(manager, sub.id);
      await this.repository.setSubscriptionState(manager, memberId, subscriptionState(sub));
      await this.repository.setCancellation(manager, memberId, cancel ? cancellation : null);
    });
    return this.profile(memberId);
  }
}
