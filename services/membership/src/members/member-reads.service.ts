import {
  MEMBER_DISCOUNT_PERCENT,
  type CommissionStatus,
  type MemberCommission,
  type MemberDiscount,
  type MemberEmailsPage,
  type MemberPage,
  type MemberProfitBonus,
  type MemberReferral,
  type MemberStats,
} from '@km/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MembersService } from './members.service';

export interface PageRequest {
  memberId: string;
  page: number;
  pageSize: number;
}

const iso = (d: Date) => d.toISOString();

/** A member's lists (pages, newest first, ADR 0011) and stats; money as two-decimal strings summed by Postgres. */
@Injectable()
export class MemberReadsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MembersService,
  ) {}

  async referrals({ memberId, page, pageSize }: PageRequest): Promise<MemberPage<MemberReferral>> {
    await this.members.member(memberId);
    const rows = (await this.dataSource.query(
      `SELECT r.id, m.first_name, m.last_name, m.email, m.member_since, c.status, c.amount::text AS amount, count(*) OVER ()::int AS total
       FROM referrals r JOIN members m ON m.id = r.referred_id JOIN commissions c ON c.referral_id = r.id
       WHERE r.referrer_id = $1 ORDER BY r.created_at DESC, r.id LIMIT $2 OFFSET $3`,
      [memberId, pageSize, (page - 1) * pageSize],
    )) as { id: string; first_name: string; last_name: string; email: string; member_since: Date; status: CommissionStatus; amount: string; total: number }[];
    return {
      items: rows.map((r) => ({
        id: r.id,
        referredMember: { firstName: r.first_name, lastName: r.last_name, email: r.email, memberSince: iso(r.member_since) },
        commissionStatus: r.status,
        commissionAmount: r.amount,
      })),
      total: rows[0]?.total ?? (await this.count('referrals', 'referrer_id', memberId)),
      page,
      pageSize,
    };
  }

  async commissions({ memberId, page, pageSize }: PageRequest): Promise<MemberPage<MemberCommission>> {
    await this.members.member(memberId);
    const rows = (await this.dataSource.query(
      `SELECT c.id, c.amount::text AS amount, c.payout_month, c.status, c.payout_date::text AS payout_date,
              x.amount::text AS clawback, x.created_at AS clawback_at, count(*) OVER ()::int AS total,
              CASE WHEN p.status = 'paid' THEN p.method END AS paid_as
       FROM commissions c LEFT JOIN commission_reversals x ON x.commission_id = c.id LEFT JOIN payouts p ON p.id = c.payout_id
       WHERE c.member_id = $1 ORDER BY c.created_at DESC, c.id LIMIT $2 OFFSET $3`,
      [memberId, pageSize, (page - 1) * pageSize],
    )) as {
      id: string;
      amount: string;
      payout_month: string;
      status: CommissionStatus;
      payout_date: string | null;
      clawback: string | null;
      clawback_at: Date | null;
      total: number;
      paid_as: MemberCommission['paidAs'];
    }[];
    return {
      items: rows.map((r) => ({
        id: r.id,
        amount: r.amount,
        payoutMonth: r.payout_month,
        status: r.status,
        payoutDate: r.payout_date,
        clawback: r.clawback && r.clawback_at ? { amount: r.clawback, at: iso(r.clawback_at) } : null,
        paidAs: r.paid_as ?? null,
      })),
      total: rows[0]?.total ?? (await this.count('commissions', 'member_id', memberId)),
      page,
      pageSize,
    };
  }

  async profitBonuses({ memberId, page, pageSize }: PageRequest): Promise<MemberPage<MemberProfitBonus>> {
    await this.members.member(memberId);
    const rows = (await this.dataSource.query(
      `SELECT id, amount::text AS amount, bonus_period, status, payout_date::text AS payout_date, count(*) OVER ()::int AS total
       FROM profit_bonuses WHERE member_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [memberId, pageSize, (page - 1) * pageSize],
    )) as { id: string; amount: string; bonus_period: string; status: 'pending' | 'paid'; payout_date: string | null; total: number }[];
    return {
      items: rows.map((r) => ({ id: r.id, amount: r.amount, bonusPeriod: r.bonus_period, status: r.status, payoutDate: r.payout_date })),
      total: rows[0]?.total ?? (await this.count('profit_bonuses', 'member_id', memberId)),
      page,
      pageSize,
    };
  }

  /**
   * One statement, so the totals agree with each other and with the lists at one moment. From the ledger: Total
   * Commissions is what was earned net of reversals (reversed commissions and negative entries taken off); paid is
   * what payouts paid (net of what they settled); Pending Earnings is the pending commissions less the debt still
   * open (the negative entries no payout has settled yet), never below zero; `carriedBalance` is that debt, when it
   * is more than what is pending. So total = paid + pending - carried.
   */
  async stats(memberId: string): Promise<MemberStats> {
    await this.members.member(memberId);
    const [s] = (await this.dataSource.query(
      `WITH c AS (
         SELECT COALESCE(sum(amount) FILTER (WHERE status <> 'reversed'), 0) AS earned,
                COALESCE(sum(amount) FILTER (WHERE status = 'pending'), 0) AS pending
         FROM commissions WHERE member_id = $1
       ), x AS (SELECT COALESCE(-sum(amount), 0) AS clawed FROM commission_reversals WHERE member_id = $1),
       p AS (SELECT COALESCE(sum(amount), 0) AS paid, COALESCE(sum(deducted), 0) AS deducted FROM payouts WHERE member_id = $1)
       SELECT (SELECT count(*)::int FROM referrals WHERE referrer_id = $1) AS referrals,
              (c.earned - x.clawed)::numeric(12,2)::text AS total,
              GREATEST(c.pending - (x.clawed - p.deducted), 0)::numeric(12,2)::text AS pending,
              GREATEST((x.clawed - p.deducted) - c.pending, 0)::numeric(12,2)::text AS carried,
              p.paid::numeric(12,2)::text AS paid,
              (SELECT COALESCE(sum(amount), 0)::numeric(12,2)::text FROM profit_bonuses WHERE member_id = $1) AS bonuses,
              (SELECT COALESCE(sum(discount), 0)::numeric(12,2)::text FROM member_savings WHERE member_id = $1) AS savings,
              (SELECT COALESCE(sum(transferred), 0)::numeric(12,2)::text FROM payouts WHERE member_id = $1 AND method = 'membership_credit' AND credit_id IS NOT NULL)
                AS credit
       FROM c, x, p`,
      [memberId],
    )) as { referrals: number; total: string; pending: string; carried: string; paid: string; bonuses: string; savings: string; credit: string }[];
    return {
      totalReferrals: s.referrals,
      totalCommissions: s.total,
      pendingCommissions: s.pending,
      carriedBalance: s.carried,
      paidCommissions: s.paid,
      totalProfitBonuses: s.bonuses,
      membershipDiscount: MEMBER_DISCOUNT_PERCENT,
      memberSavings: s.savings,
      membershipCredit: s.credit,
    };
  }

  /**
   * The discount a member gets at checkout now. Only an active subscription earns it (a trial has not paid; past_due,
   * canceled and the rest have stopped paying); one that is set to cancel at the period end is active until then.
   * An unknown id gets no discount rather than an error: the buyer then simply pays the full price.
   */
  /**
   * The addresses of members in good standing (active, trialing or past due), lower case, in order after `after`: the
   * newsletter's "Marketshare members only" audience (ADR 0058). Only addresses cross the bus.
   */
  async memberEmails(after: string | undefined, limit: number): Promise<MemberEmailsPage> {
    const rows: { email: string }[] = await this.dataSource.query(
      `SELECT DISTINCT lower(email) AS email FROM members
       WHERE subscription_status IN ('active', 'trialing', 'past_due') AND lower(email) > $1 ORDER BY 1 LIMIT $2`,
      [after ?? '', limit],
    );
    const emails = rows.map((r) => r.email);
    return { emails, next: emails.length === limit ? emails[emails.length - 1] : null };
  }

  async discount(memberId: string): Promise<MemberDiscount> {
    const [row] = (await this.dataSource.query(`SELECT subscription_status FROM members WHERE id = $1`, [memberId])) as { subscription_status: string }[];
    return { percent: row?.subscription_status === 'active' ? MEMBER_DISCOUNT_PERCENT : 0 };
  }

  /** The whole count when the asked page is past the end (no rows to read it from). */
  private async count(table: 'referrals' | 'commissions' | 'profit_bonuses', column: string, memberId: string): Promise<number> {
    const [row] = (await this.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [memberId])) as { n: number }[];
    return row.n;
  }
}
