import type { SubscriptionStatus } from '@km/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SubscriptionState } from '../subscriptions/subscription-period';

/** A row of `members` as Postgres answers it. */
export interface MemberRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  stripe_customer_id: string;
  stripe_subscription_id: string;
  subscription_status: SubscriptionStatus;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  member_since: Date;
  referral_code: string;
  updated_at: Date;
  /** Dunning (ADR 0059): set once when a renewal failed, cleared when the subscription is no longer past_due. */
  past_due_since: Date | null;
  grace_ends_at: Date | null;
  cancel_reason: string | null;
  cancel_comment: string | null;
}

/** The member's own columns a join writes. */
export interface MemberDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  customerId: string;
}

/** The columns a join writes (a first join and a rejoin alike), in the order of {@link joinValues}. */
const JOIN_COLUMNS = [
  'first_name',
  'last_name',
  'phone',
  'stripe_customer_id',
  'stripe_subscription_id',
  'subscription_status',
  'current_period_end',
  'cancel_at_period_end',
] as const;

const joinValues = (details: MemberDetails, sub: SubscriptionState) => [
  details.firstName,
  details.lastName,
  details.phone ?? null,
  details.customerId,
  sub.subscriptionId,
  sub.status,
  sub.periodEnd,
  sub.cancelAtPeriodEnd,
];

/**
 * The members aggregate's SQL: every `members` statement of the service, typed here once instead of rows cast in
 * each service (members are read and written with SQL, not entities). Each method takes the transaction's manager
 * where it must run inside one.
 */
@Injectable()
export class MembersRepository {
  constructor(private readonly dataSource: DataSource) {}

  async byId(memberId: string, manager: EntityManager = this.dataSource.manager): Promise<MemberRow | null> {
    const [row] = (await manager.query(`SELECT * FROM members WHERE id = $1`, [memberId])) as MemberRow[];
    return row ?? null;
  }

  async byEmail(email: string, manager: EntityManager = this.dataSource.manager): Promise<MemberRow | null> {
    const [row] = (await manager.query(`SELECT * FROM members WHERE email = $1`, [email])) as MemberRow[];
    return row ?? null;
  }

  async bySubscription(subscriptionId: string, manager: EntityManager): Promise<MemberRow | null> {
    const [row] = (await manager.query(`SELECT * FROM members WHERE stripe_subscription_id = $1`, [subscriptionId])) as MemberRow[];
    return row ?? null;
  }

  async byReferralCode(code: string, manager: EntityManager): Promise<MemberRow | null> {
    const [row] = (await manager.query(`SELECT * FROM members WHERE referral_code = $1`, [code])) as MemberRow[];
    return row ?? null;
  }

  /** A new member, or null when the referral code is already someone's (the caller draws another). */
  async insert(manager: EntityManager, details: MemberDetails, sub: SubscriptionState, referralCode: string): Promise<MemberRow | null> {
    const [row] = (await manager.query(
      `INSERT INTO members (${JOIN_COLUMNS.join(', ')}, email, referral_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (referral_code) DO NOTHING RETURNING *`,
      [...joinValues(details, sub), details.email, referralCode],
    )) as MemberRow[];
    return row ?? null;
  }

  /** A member whose membership ended joins again: same member, code and history, the new subscription. */
  async rejoin(manager: EntityManager, memberId: string, details: MemberDetails, sub: SubscriptionState): Promise<MemberRow> {
    const [rows] = (await manager.query(
      `UPDATE members SET ${JOIN_COLUMNS.map((column, i) => `${column} = $${i + 1}`).join(', ')}, updated_at = now()
       WHERE id = $${JOIN_COLUMNS.length + 1} RETURNING *`,
      [...joinValues(details, sub), memberId],
    )) as [MemberRow[], number];
    return rows[0];
  }

  /** Whether the member was there to update. */
  async updateProfile(memberId: string, profile: { firstName: string; lastName: string; phone?: string | null }): Promise<boolean> {
    const [, count] = (await this.dataSource.query(
      `UPDATE members SET first_name = $2, last_name = $3, phone = $4, updated_at = now() WHERE id = $1 RETURNING id`,
      [memberId, profile.firstName, profile.lastName, profile.phone ?? null],
    )) as [unknown[], number];
    return count > 0;
  }

  /** The member's answer to "why are you cancelling?", or none (cleared when they resume). */
  async setCancellation(manager: EntityManager, memberId: string, cancellation: { reason?: string; comment?: string } | null): Promise<void> {
    await manager.query(
      `UPDATE members SET cancel_reason = $2, cancel_comment = $3, cancel_requested_at = CASE WHEN $4 THEN now() END, updated_at = now() WHERE id = $1`,
      [memberId, cancellation?.reason ?? null, cancellation?.comment ?? null, cancellation !== null],
    );
  }

  async setSubscriptionState(manager: EntityManager, memberId: string, sub: SubscriptionState): Promise<void> {
    await manager.query(`UPDATE members SET cancel_at_period_end = $2, subscription_status = $3, current_period_end = $4, updated_at = now() WHERE id = $1`, [
      memberId,
      sub.cancelAtPeriodEnd,
      sub.status,
      sub.periodEnd,
    ]);
  }

  /** The profile's totals: referrals made, and commissions net of reversals, as the stats' Total Commissions (ADR 0016). */
  async totals(memberId: string): Promise<{ referrals: number; commissions: string }> {
    const [totals] = (await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM referrals WHERE referrer_id = $1) AS referrals,
              ((SELECT COALESCE(sum(amount), 0) FROM commissions WHERE member_id = $1 AND status <> 'reversed')
                + (SELECT COALESCE(sum(amount), 0) FROM commission_reversals WHERE member_id = $1))::numeric(12,2)::text AS commissions`,
      [memberId],
    )) as { referrals: number; commissions: string }[];
    return totals;
  }
}
